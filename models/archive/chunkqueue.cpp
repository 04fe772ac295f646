#include "chunkqueue.h"

namespace tidemark::archive {

ChunkQueue::ChunkQueue(int capacity) : m_capacity(capacity < 1 ? 1 : capacity) {}

bool ChunkQueue::push(QByteArray chunk) {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return m_aborted || static_cast<int>(m_chunks.size()) < m_capacity; });
    if (m_aborted)
        return false;
    m_chunks.push_back(std::move(chunk));
    lock.unlock();
    m_changed.notify_all();
    return true;
}

bool ChunkQueue::pop(QByteArray& chunk) {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return m_aborted || m_finished || !m_chunks.empty(); });
    if (m_aborted || m_chunks.empty())
        return false;
    chunk = std::move(m_chunks.front());
    m_chunks.pop_front();
    lock.unlock();
    m_changed.notify_all();
    return true;
}

void ChunkQueue::finish() {
    {
        std::lock_guard lock(m_mutex);
        m_finished = true;
    }
    m_changed.notify_all();
}

void ChunkQueue::abort() {
    {
        std::lock_guard lock(m_mutex);
        m_aborted = true;
        m_chunks.clear();
    }
    m_changed.notify_all();
}

bool ChunkQueue::isAborted() const {
    std::lock_guard lock(m_mutex);
    return m_aborted;
}

} // namespace tidemark::archive
