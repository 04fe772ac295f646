#pragma once

#include "archivelayout.h"
#include "archivereadlimits.h"
#include "archiverestorer.h"

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::archive {

// What to restore and where: the objects `keys` names, one after the other, into a PostgreSQL table or a
// local SQLite restore file (see ArchiveRestorer for each target's rules).
struct ArchiveRestoreRequest {
    enum class Target { PostgresTable, SqliteFile };

    QString archiveUrl;   // as openArchiveStore takes it; empty: Error(Settings)
    ArchiveLayout layout; // the datasets and tiers the archive's manifests may name
    ArchiveReadLimits limits;
    QStringList keys; // object keys (relative to the archive URL); one only into a PostgreSQL table
    Target target = Target::SqliteFile;
    QString conninfo;   // PostgresTable: the database
    QString table;      // PostgresTable: "schema.table" or "table"
    QString sqliteFile; // SqliteFile: the restore file
};

struct ArchiveRestoreReport {
    QString archive;                     // the store as describe() names it
    std::vector<RestoreResult> restored; // committed (or found already restored), in the request's order
    QString stoppedAt;                   // after a cancel: the object whose restore it stopped (none of it
                                         // loaded); empty when the cancel came between objects
    bool cancelled = false;
    QStringList warnings;

    qint64 rows() const;              // rows loaded over the objects
    int alreadyRestored() const;      // objects that were there already
    QString describeRestored() const; // "12 row(s) of 2 object(s)"
};

// Archive restore as a job, the same for `tidemark-cli archive restore` and the console's DisputeCase: opens
// the store (and the database for a table) on its own thread and restores each object with ArchiveRestorer,
// all or nothing per object (verified first, every row checked again before its commit). Progress: an
// ArchiveProgress at each chunk of each object's two reads. The feedback is checked between objects and at
// every chunk: a cancel rolls back the object in progress (its target as it was) and the report (cancelled)
// lists the objects committed before it. A failure throws tidemark::Error (a refused object Error(Refused),
// nothing of it loaded) and says which objects before it were committed.
class ArchiveRestoreJob {
  public:
    static ArchiveRestoreReport run(const ArchiveRestoreRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::archive

Q_DECLARE_METATYPE(tidemark::archive::ArchiveRestoreReport)
