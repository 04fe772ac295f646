#pragma once

#include "boundedqueue.h"
#include "csvcontentdigest.h"
#include "sha256stream.h"
#include "zstdstreamwriter.h"

#include <QByteArray>
#include <exception>
#include <mutex>
#include <optional>
#include <thread>

class QFileDevice;

namespace tidemark::archive {

// Turns a stream of CSV bytes into an archive object off the caller's thread: the caller (the thread that
// owns the COPY) only batches the bytes into chunks; one worker thread computes the CsvContentDigest (sha256,
// rows, totals), another compresses with zstd into `object` while hashing the compressed bytes. Chunks pass
// through bounded queues (a few MiB in all), so memory stays flat whatever the stream's length, and the
// caller waits when the workers fall behind. Without `object` only the digest is computed. DigestOnCaller
// keeps the digest on the caller, a chunk at a time while the compression worker has the same chunk.
//
// A worker's error stops both workers and is rethrown to the caller by the next write() or by finish(); an
// encoder destroyed or aborted before finish() stops and joins its workers, leaving `object` half written
// for its owner to remove.
class CsvArchiveEncoder {
  public:
    static constexpr qsizetype kChunkBytes = 256 * 1024;
    static constexpr int kQueuedChunks = 8;

    enum class Threads {
        Pipelined,      // the digest and the compression each on a worker thread
        DigestOnCaller, // the digest on the caller's thread, a chunk at a time; the compression on a worker
        Caller,         // everything on the caller's thread, one step after the other (for comparison)
    };
    // zstdBackgroundThread: zstd compresses on a thread of its own too, in jobs of ZstdStreamWriter's
    // bounded size.
    CsvArchiveEncoder(QFileDevice* object, int zstdLevel, bool zstdBackgroundThread = false,
                      Threads threads = Threads::Pipelined);
    ~CsvArchiveEncoder();
    CsvArchiveEncoder(const CsvArchiveEncoder&) = delete;
    CsvArchiveEncoder& operator=(const CsvArchiveEncoder&) = delete;

    // Caps the digest's CSV as CsvContentDigest::setLimits does (for bytes read back); before the first
    // write.
    void limitContent(qint64 maxRecordBytes, qint64 maxRows) { m_content.setLimits(maxRecordBytes, maxRows); }
    void write(const char* data, qint64 length);
    // Ends the stream, waits for the workers and rethrows the first error of either.
    void finish();
    // Stops the workers without finishing the object (never throws).
    void abort() noexcept;

    // After finish():
    const CsvContentDigest& content() const { return m_content; }
    QString objectSha256() const { return m_objectHash.hex(); }
    qint64 objectBytes() const { return m_writer ? m_writer->bytesOut() : 0; }

  private:
    void pushChunk();
    void runWorker(BoundedQueue<QByteArray>& queue, bool compressing);
    void fail(std::exception_ptr error) noexcept;
    void rethrowFailure();
    void join() noexcept;

    void finishObject();
    void startWriteback(qint64 length);

    QFileDevice* m_object;
    bool m_pipelined;
    bool m_digestOnCaller;
    CsvContentDigest m_content;
    Sha256Stream m_objectHash;
    std::optional<ZstdStreamWriter> m_writer;
    static constexpr qint64 kWritebackBytes = 4 * 1024 * 1024;
    qint64 m_syncedTo = 0; // object bytes whose writeback has been started
    qint64 m_unsynced = 0; // written since
    QByteArray m_chunk;    // kChunkBytes long (or a record's length), its first m_used bytes written
    qsizetype m_used = 0;
    BoundedQueue<QByteArray> m_digestQueue{kQueuedChunks};
    BoundedQueue<QByteArray> m_compressQueue{kQueuedChunks};
    std::mutex m_failureMutex;
    std::exception_ptr m_failure;
    std::thread m_digestThread;
    std::thread m_compressThread;
};

} // namespace tidemark::archive
