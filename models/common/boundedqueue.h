#pragma once

#include <QtGlobal>
#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <utility>

namespace tidemark {

// A bounded first-in first-out queue between one producing and one consuming thread. Each item has a weight
// (1 unless given: a chunk of bytes, or a track's points); the producer blocks while the waiting items weigh
// `capacity` or more, so memory stays bounded whatever the stream's length (an item heavier than the capacity
// still passes, alone). Either side may abort: both sides then stop waiting and the waiting items are
// dropped.
template <typename T> class BoundedQueue {
  public:
    explicit BoundedQueue(qint64 capacity) : m_capacity(std::max<qint64>(capacity, 1)) {}
    BoundedQueue(const BoundedQueue&) = delete;
    BoundedQueue& operator=(const BoundedQueue&) = delete;

    // Waits for room; false (and the item dropped) once the queue was aborted.
    bool push(T item, qint64 weight = 1) {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_aborted || m_weight < m_capacity; });
        if (m_aborted)
            return false;
        m_items.emplace_back(std::move(item), weight);
        m_weight += weight;
        lock.unlock();
        m_changed.notify_all();
        return true;
    }
    // Waits for an item; false at the end of the stream (finished and empty) or once aborted.
    bool pop(T& item) {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [&] { return m_aborted || m_finished || !m_items.empty(); });
        if (m_aborted || m_items.empty())
            return false;
        item = std::move(m_items.front().first);
        m_weight -= m_items.front().second;
        m_items.pop_front();
        lock.unlock();
        m_changed.notify_all();
        return true;
    }
    // The producer's end of the stream: pop() returns the items still queued, then false.
    void finish() {
        {
            std::lock_guard lock(m_mutex);
            m_finished = true;
        }
        m_changed.notify_all();
    }
    void abort() {
        {
            std::lock_guard lock(m_mutex);
            m_aborted = true;
            m_items.clear();
            m_weight = 0;
        }
        m_changed.notify_all();
    }
    bool isAborted() const {
        std::lock_guard lock(m_mutex);
        return m_aborted;
    }

  private:
    const qint64 m_capacity;
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::deque<std::pair<T, qint64>> m_items;
    qint64 m_weight = 0;
    bool m_finished = false;
    bool m_aborted = false;
};

} // namespace tidemark
