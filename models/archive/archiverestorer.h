#pragma once

#include "archivelayout.h"
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

// Loads an archive object back: first the whole object is verified offline against its manifest under the
// layout (ArchiveVerifier: dataset and tier, digests, header, row count, per-user totals); any problem throws
// Error(Refused) listing them and loads nothing. Then the rows stream from the store through zstd into the
// target in one transaction, while the object's and the content's sha256, the row count and the totals are
// computed again and compared with the manifest before the commit (an object that changed between the two
// reads loads nothing either). Both reads keep to the caps of the manifest and `limits`. The object is never
// held in memory. Cancelling the feedback throws Error(Cancelled) and leaves the target as it was.
class ArchiveRestorer {
  public:
    ArchiveRestorer(ArchiveStore& store, ArchiveLayout layout, ArchiveReadLimits limits = {});

    // Into `schemaDotTable` ("schema.table" or "table", unquoted identifiers folded to lower case as
    // PostgreSQL does) of `connection`. The target is a new table, created (with its schema) with the
    // manifest's columns, typed as in the dataset's table of that database (e.g. kudos_ledger) when it is
    // there, else text; no constraints, no indexes; its comment, written in the restore's transaction, names
    // the object and its content sha256 ("tidemark restore of KEY content_sha256 HEX"). An existing table
    // with that comment and exactly this object's rows is alreadyRestored (nothing loaded). Refused with
    // Error(Refused) before any CREATE, LOCK or COPY: a table of the layout's datasets (any of them in any
    // schema, or a partition of one), any other partition, a new name a dataset's tables take in their
    // schema (the table's name and '_…', e.g. kudos_ledger_…), and any other existing table. Loaded by COPY
    // FROM STDIN.
    RestoreResult restoreIntoTable(const QString& objectKey, PgConnection& connection,
                                   const QString& schemaDotTable, TaskFeedback& feedback);

    // Into a local SQLite file for the console: a table named after the dataset (every value as the CSV's
    // text, NULL kept; id, user_id and worker_user_id as INTEGER) and `restore_manifest (object_key PRIMARY
    // KEY, dataset, rows, content_sha256, verified_at, manifest_json)`. The file's folder is created 0700
    // when missing and refused when open to its group or others; a new file is created 0600; an existing file
    // must be such a restore file of this user (Error(Refused) otherwise: a link, another's file, another
    // kind of SQLite file) and is tightened to 0600, then gets the object's rows added, unless
    // restore_manifest already lists the key (alreadyRestored). A failed or cancelled restore removes a file
    // it created and rolls back an existing one.
    RestoreResult restoreIntoSqlite(const QString& objectKey, const QString& sqlitePath,
                                    TaskFeedback& feedback);

  private:
    ArchiveManifest verifyFirst(const QString& objectKey, TaskFeedback& feedback, Micros* verifiedAt);

    ArchiveStore& m_store;
    ArchiveLayout m_layout;
    ArchiveReadLimits m_limits;
};

} // namespace tidemark::archive
