#include "csvarchiveencoder.h"

#include "error.h"

#include <QFileDevice>

#include <cstring>
#include <fcntl.h>

namespace tidemark::archive {

CsvArchiveEncoder::CsvArchiveEncoder(QFileDevice* object, int zstdLevel, bool zstdBackgroundThread,
                                     Threads threads)
    : m_object(object), m_pipelined(threads != Threads::Caller),
      m_digestOnCaller(threads == Threads::DigestOnCaller) {
    if (m_object)
        m_writer.emplace(
            [this](const char* data, qint64 length) {
                m_objectHash.add(data, length);
                if (m_object->write(data, length) != length)
                    throw Error(Error::Kind::Failed, QStringLiteral("cannot write %1: %2")
                                                         .arg(m_object->fileName(), m_object->errorString()));
                startWriteback(length);
            },
            zstdLevel, zstdBackgroundThread);
    if (!m_pipelined)
        return;
    m_chunk = QByteArray(kChunkBytes, Qt::Uninitialized);
    try {
        if (!m_digestOnCaller)
            m_digestThread = std::thread([this] { runWorker(m_digestQueue, false); });
        if (m_writer)
            m_compressThread = std::thread([this] { runWorker(m_compressQueue, true); });
    } catch (...) {
        abort(); // no thread left running when the constructor fails
        throw;
    }
}

CsvArchiveEncoder::~CsvArchiveEncoder() {
    abort();
}

void CsvArchiveEncoder::runWorker(BoundedQueue<QByteArray>& queue, bool compressing) {
    try {
        QByteArray chunk;
        while (queue.pop(chunk)) {
            if (compressing)
                m_writer->write(chunk.constData(), chunk.size());
            else
                m_content.feed(chunk.constData(), chunk.size());
            chunk = QByteArray(); // the producer's chunks are freed as soon as both workers are done
        }
        if (queue.isAborted())
            return;
        if (compressing)
            finishObject();
        else
            m_content.finish();
    } catch (...) {
        fail(std::current_exception());
    }
}

// The store syncs the object before it publishes it; writing it back to disk as it is compressed leaves that
// sync little to wait for. A hint only: a failure here is the sync's to report.
void CsvArchiveEncoder::startWriteback(qint64 length) {
    m_unsynced += length;
    if (m_unsynced < kWritebackBytes || !m_object->flush())
        return;
#ifdef __linux__
    ::sync_file_range(m_object->handle(), m_syncedTo, m_unsynced, SYNC_FILE_RANGE_WRITE);
#endif
    m_syncedTo += m_unsynced;
    m_unsynced = 0;
}

void CsvArchiveEncoder::finishObject() {
    m_writer->finish();
    if (!m_object->flush())
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot write %1: %2").arg(m_object->fileName(), m_object->errorString()));
}

void CsvArchiveEncoder::fail(std::exception_ptr error) noexcept {
    {
        std::lock_guard lock(m_failureMutex);
        if (!m_failure)
            m_failure = error;
    }
    m_digestQueue.abort();
    m_compressQueue.abort();
}

void CsvArchiveEncoder::rethrowFailure() {
    std::exception_ptr failure;
    {
        std::lock_guard lock(m_failureMutex);
        failure = m_failure;
    }
    if (failure)
        std::rethrow_exception(failure);
}

void CsvArchiveEncoder::pushChunk() {
    if (m_used == 0)
        return;
    m_chunk.resize(m_used);
    m_used = 0;
    bool pushed = !m_writer || m_compressQueue.push(m_chunk);
    if (m_digestOnCaller)
        m_content.feed(m_chunk.constData(), m_chunk.size()); // while the worker compresses the same chunk
    else
        pushed = pushed && m_digestQueue.push(std::move(m_chunk));
    m_chunk = QByteArray(kChunkBytes, Qt::Uninitialized);
    if (!pushed) {
        rethrowFailure();
        throw Error(Error::Kind::Failed, QStringLiteral("the archive encoder was stopped"));
    }
}

void CsvArchiveEncoder::write(const char* data, qint64 length) {
    if (!m_pipelined) {
        m_content.feed(data, length);
        if (m_writer)
            m_writer->write(data, length);
        return;
    }
    if (m_used + length > kChunkBytes)
        pushChunk();
    if (length > m_chunk.size()) // a record longer than a chunk
        m_chunk.resize(length);
    std::memcpy(m_chunk.data() + m_used, data, static_cast<size_t>(length));
    m_used += length;
}

void CsvArchiveEncoder::finish() {
    if (!m_pipelined) {
        m_content.finish();
        if (m_writer)
            finishObject();
        return;
    }
    pushChunk();
    m_digestQueue.finish();
    m_compressQueue.finish();
    join();
    rethrowFailure();
    if (m_digestOnCaller)
        m_content.finish();
}

void CsvArchiveEncoder::abort() noexcept {
    m_digestQueue.abort();
    m_compressQueue.abort();
    join();
}

void CsvArchiveEncoder::join() noexcept {
    if (m_digestThread.joinable())
        m_digestThread.join();
    if (m_compressThread.joinable())
        m_compressThread.join();
}

} // namespace tidemark::archive
