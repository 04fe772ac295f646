#pragma once

#include "archivereadlimits.h"
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
    // The feedback cancelled the read between two chunks: the fields describe the part read before.
    bool cancelled = false;
    QString objectSha256; // of the bytes read (up to the cap when objectLonger)
    qint64 objectBytes = 0;
    bool objectLonger = false; // the object goes on past caps.objectBytes: the read stopped there
    // Empty when the object decompressed and parsed as CSV to the end; else why not (the fields below
    // then describe only the part before the failure). Going past a cap is such a problem.
    QString contentProblem;
    QString contentSha256;
    qint64 contentBytes = 0;
    QStringList columns;
    qint64 rows = 0;
    ControlTotals totals;
};

// A sha256 in a message: its first 12 hex digits and "..".
QString shortSha(const QString& hex);

// Reads an archive object: sha256 and size of the compressed bytes, then zstd, then the CSV digest, within
// `caps`: decompression stops at the first content problem (a cap passed, a corrupt frame, bad CSV); the
// compressed bytes are still hashed up to caps.objectBytes so that a corrupt object shows a sha256 that
// differs, and with no objectBytes known the read stops there. Memory stays flat whatever the object holds.
// A corrupt, truncated or hostile object is reported in contentProblem, never thrown; a store that cannot
// be read throws (Error(Connection) / Error(Failed)). The feedback is checked before each chunk the store
// hands over: a cancel stops the read there and returns the scan with `cancelled` (not thrown).
class ArchiveObjectScanner {
  public:
    static ObjectScan scan(ArchiveStore& store, const QString& key, const ObjectReadCaps& caps,
                           TaskFeedback& feedback);
};

} // namespace tidemark::archive
