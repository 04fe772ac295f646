#pragma once

#include "archivemanifest.h"
#include "archivereadlimits.h"
#include "timestamp.h"

#include <QString>

namespace tidemark {
class PgConnection;
class TaskFeedback;
} // namespace tidemark

namespace tidemark::archive {

class ArchiveStore;

struct RestoreResult {
    QString objectKey;
    QString target;           // "schema"."table", or the SQLite file and its table
    ArchiveManifest manifest; // as verified
    Micros verifiedAt = 0;
    qint64 rows = 0;              // rows loaded now (0 when already restored)
    qint64 objectBytes = 0;       // compressed bytes read while loading
    bool alreadyRestored = false; // the target held exactly this object's rows: nothing was loaded
    bool tableCreated = false;
};

// Loads an archive object back: first the whole object is verified offline against its manifest
// (ArchiveVerifier: digests, header, row count, per-user totals); any problem throws Error(Refused) listing
// them and loads nothing. Then the rows stream from the store through zstd into the target in one
// transaction, while the object's and the content's sha256, the row count and the totals are computed again
// and compared with the manifest before the commit (an object that changed between the two reads loads
// nothing either). Both reads keep to the caps of the manifest and `limits`. The object is never held in
// memory. Cancelling the feedback throws Error(Cancelled) and leaves the target as it was.
class ArchiveRestorer {
  public:
    explicit ArchiveRestorer(ArchiveStore& store, ArchiveReadLimits limits = {});

    // Into `schemaDotTable` ("schema.table" or "table", plain identifiers) of `connection`. A missing table
    // (and schema) is created with the manifest's columns, typed as in the dataset's table of that database
    // (kudos_ledger, kudos_stat_events) when it is there, else text; no constraints, no indexes. An existing
    // table must have the manifest's columns; when it holds rows, they must be exactly this object's (same
    // content sha256: then alreadyRestored, nothing loaded), else Error(Refused). Loaded by COPY FROM STDIN.
    RestoreResult restoreIntoTable(const QString& objectKey, PgConnection& connection,
                                   const QString& schemaDotTable, TaskFeedback* feedback = nullptr);

    // Into a local SQLite file for the console: a table named after the dataset (every value as the CSV's
    // text, NULL kept; id, user_id and worker_user_id as INTEGER) and `restore_manifest (object_key PRIMARY
    // KEY, dataset, rows, content_sha256, verified_at, manifest_json)`. A new file is created; an existing
    // file must be such a restore file (Error(Refused) otherwise) and gets the object's rows added, unless
    // restore_manifest already lists the key (alreadyRestored). A failed or cancelled restore removes a file
    // it created and rolls back an existing one.
    RestoreResult restoreIntoSqlite(const QString& objectKey, const QString& sqlitePath,
                                    TaskFeedback* feedback = nullptr);

  private:
    ArchiveManifest verifyFirst(const QString& objectKey, TaskFeedback* feedback, Micros* verifiedAt);

    ArchiveStore& m_store;
    ArchiveReadLimits m_limits;
};

} // namespace tidemark::archive
