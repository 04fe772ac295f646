#pragma once

#include "archivemanifest.h"
#include "archivereadlimits.h"

#include <QString>
#include <functional>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::archive {

class ArchiveStore;

// Streams an archive object's decompressed CSV (header included) to a sink in chunks, and checks what went
// through against the manifest at the end: the object's sha256 and size, the content's sha256, header, row
// count and per-user totals. A restore loads through it after verifying, so an object that changed between
// the two reads is caught before the caller commits. The read keeps to the caps of the manifest and the
// limits (ObjectReadCaps) and stops at the first one passed. A mismatch, a cap passed, a corrupt or truncated
// object throws Error(Refused) naming the key; an error of the sink propagates as it is; cancelling the
// feedback throws Error(Cancelled). Progress: object bytes done of the manifest's, rows, content bytes.
class CheckedObjectReader {
  public:
    using Sink = std::function<void(const char* data, qint64 length)>;

    CheckedObjectReader(ArchiveStore& store, const ArchiveManifest& manifest,
                        const ArchiveReadLimits& limits);
    void read(const QString& objectKey, const Sink& sink, TaskFeedback& feedback, const QString& stage);

    qint64 rows() const { return m_rows; }
    qint64 objectBytes() const { return m_objectBytes; }

  private:
    ArchiveStore& m_store;
    const ArchiveManifest& m_manifest;
    ObjectReadCaps m_caps;
    qint64 m_rows = 0;
    qint64 m_objectBytes = 0;
};

} // namespace tidemark::archive
