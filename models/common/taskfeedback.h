#pragma once

#include "taskprogress.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>

namespace tidemark {

// The token a running task takes (QgsFeedback's idea, with a pause): the task calls checkpoint() between
// units of work, which blocks while paused and returns false once cancelled, and reports its progress.
// Thread-safe: the operator's side calls pause(), resume() and cancel() from any thread.
class TaskFeedback {
  public:
    using Sink = std::function<void(const TaskProgress&)>;

    void pause();
    void resume();
    void cancel();
    bool isPaused() const { return m_paused.load(); }
    bool isCancelled() const { return m_cancelled.load(); }

    // Between units of work: waits while paused; false when the task must stop.
    bool checkpoint();
    // Like checkpoint(), but gives up waiting after `atMost` while still paused (StillPaused: the pause
    // stays held), so that a task can check its own limits during a long pause.
    enum class Wait { Go, Cancelled, StillPaused };
    Wait checkpointFor(std::chrono::milliseconds atMost);
    // True while the task waits in checkpoint() for a resume: the pause has taken hold.
    bool isHeld() const { return m_held.load(); }

    // Set before the task starts (the sink is called on the task's thread).
    void setSink(Sink sink) { m_sink = std::move(sink); }
    const Sink& sink() const { return m_sink; }
    void report(const TaskProgress& progress) const {
        if (m_sink)
            m_sink(progress);
    }
    // A share of 0..1 through one stage.
    void reportProgress(double fraction, const QString& stage = {}) const {
        report(TaskProgress::share(fraction, stage));
    }

  private:
    std::atomic<bool> m_paused{false};
    std::atomic<bool> m_cancelled{false};
    std::atomic<bool> m_held{false};
    std::mutex m_mutex;
    std::condition_variable m_wake;
    Sink m_sink;
};

} // namespace tidemark
