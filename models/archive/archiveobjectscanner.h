#pragma once

#include "controltotalscounter.h"

#include <QString>
#include <QStringList>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::archive {

class ArchiveStore;

// What one archive object holds, read back from the store in one streaming pass.
struct ObjectScan {
    QString objectSha256;
    qint64 objectBytes = 0;
    // Empty when the object decompressed and parsed as CSV to the end; else why not (the fields below
    // then describe only the part before the failure).
    QString contentProblem;
    QString contentSha256;
    qint64 contentBytes = 0;
    QStringList columns;
    qint64 rows = 0;
    ControlTotals totals;
};

// Reads an archive object: sha256 and size of the compressed bytes, then zstd, then the CSV digest. A
// corrupt or truncated object is reported in contentProblem, never thrown; a store that cannot be read
// throws (Error(Connection) / Error(Failed)), a cancelled feedback throws Error(Cancelled).
class ArchiveObjectScanner {
  public:
    static ObjectScan scan(ArchiveStore& store, const QString& key, TaskFeedback* feedback = nullptr);
};

} // namespace tidemark::archive
