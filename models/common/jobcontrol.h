#pragma once

#include <QString>
#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>

namespace tidemark {

// The cancel / pause / progress token that every long job takes (QgsFeedback's idea, with a pause).
// The job calls checkpoint() between units of work: it blocks while paused and returns false once cancelled.
// Thread-safe; the operator's side calls pause(), resume() and cancel() from any thread.
class JobControl {
public:
    using ProgressSink = std::function<void(double fraction, const QString& message)>;

    void pause();
    void resume();
    void cancel();
    bool isPaused() const { return m_paused.load(); }
    bool isCancelled() const { return m_cancelled.load(); }

    // Between units of work: waits while paused; false when the job must stop.
    bool checkpoint();

    void setProgressSink(ProgressSink sink) { m_sink = std::move(sink); }
    void reportProgress(double fraction, const QString& message = {}) const {
        if (m_sink)
            m_sink(fraction, message);
    }

private:
    std::atomic<bool> m_paused{false};
    std::atomic<bool> m_cancelled{false};
    std::mutex m_mutex;
    std::condition_variable m_wake;
    ProgressSink m_sink;
};

} // namespace tidemark
