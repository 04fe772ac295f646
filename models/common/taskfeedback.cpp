#include "taskfeedback.h"

namespace tidemark {

void TaskFeedback::pause() {
    m_paused.store(true);
}

void TaskFeedback::resume() {
    {
        std::lock_guard lock(m_mutex);
        m_paused.store(false);
    }
    m_wake.notify_all();
}

void TaskFeedback::cancel() {
    {
        std::lock_guard lock(m_mutex);
        m_cancelled.store(true);
    }
    m_wake.notify_all();
}

TaskFeedback::Wait TaskFeedback::checkpointFor(std::chrono::milliseconds atMost) {
    std::unique_lock lock(m_mutex);
    const auto free = [this] { return !m_paused.load() || m_cancelled.load(); };
    if (!free()) {
        m_held.store(true);
        if (!m_wake.wait_for(lock, atMost, free))
            return Wait::StillPaused;
    }
    m_held.store(false);
    return m_cancelled.load() ? Wait::Cancelled : Wait::Go;
}

bool TaskFeedback::checkpoint() {
    std::unique_lock lock(m_mutex);
    const auto free = [this] { return !m_paused.load() || m_cancelled.load(); };
    if (!free()) {
        m_held.store(true);
        m_wake.wait(lock, free);
        m_held.store(false);
    }
    return !m_cancelled.load();
}

} // namespace tidemark
