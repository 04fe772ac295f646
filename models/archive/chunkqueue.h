#pragma once

#include <QByteArray>
#include <condition_variable>
#include <deque>
#include <mutex>

namespace tidemark::archive {

// A bounded first-in first-out queue of byte chunks between one producing and one consuming thread. The
// producer blocks while `capacity` chunks wait, so memory stays bounded by capacity x chunk size whatever
// the stream's length. Either side may abort: both sides then stop waiting and the waiting chunks are
// dropped.
class ChunkQueue {
  public:
    explicit ChunkQueue(int capacity);
    ChunkQueue(const ChunkQueue&) = delete;
    ChunkQueue& operator=(const ChunkQueue&) = delete;

    // Waits for room; false (and the chunk dropped) once the queue was aborted.
    bool push(QByteArray chunk);
    // Waits for a chunk; false at the end of the stream (finished and empty) or once aborted.
    bool pop(QByteArray& chunk);
    // The producer's end of the stream: pop() returns the chunks still queued, then false.
    void finish();
    void abort();
    bool isAborted() const;

  private:
    const int m_capacity;
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<QByteArray> m_chunks;
    bool m_finished = false;
    bool m_aborted = false;
};

} // namespace tidemark::archive
