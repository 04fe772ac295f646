#pragma once

#include <QMetaType>
#include <QString>

namespace tidemark::archive {

// Where an archive job (ArchiveVerifyJob, ArchiveRestoreJob) stands: the TaskProgress detail it reports at
// each chunk of an object it reads and between objects.
struct ArchiveProgress {
    int object = 0;               // the object being read, 0-based; == objects when all are done
    int objects = 0;              // in the request
    QString key;                  // the object being read
    qint64 objectBytes = 0;       // its compressed bytes read so far (in the current pass)
    qint64 objectBytesTotal = -1; // its size when the manifest is known, else -1
    qint64 rows = -1;             // its rows read so far in a restore's load, -1 when not counted
    int failed = 0;               // objects so far that did not verify (a verify job)
};

} // namespace tidemark::archive

Q_DECLARE_METATYPE(tidemark::archive::ArchiveProgress)
