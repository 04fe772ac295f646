#include "jobcontrol.h"

namespace tidemark {

void JobControl::pause() { m_paused.store(true); }

void JobControl::resume() {
    {
        std::lock_guard lock(m_mutex);
        m_paused.store(false);
    }
    m_wake.notify_all();
}

void JobControl::cancel() {
    {
        std::lock_guard lock(m_mutex);
        m_cancelled.store(true);
    }
    m_wake.notify_all();
}

bool JobControl::checkpoint() {
    std::unique_lock lock(m_mutex);
    m_wake.wait(lock, [this] { return !m_paused.load() || m_cancelled.load(); });
    return !m_cancelled.load();
}

} // namespace tidemark
