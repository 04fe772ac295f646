#pragma once

#include "common/error.h"
#include "common/jobcontrol.h"
#include "joblistmodel.h"

#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <functional>
#include <memory>

namespace tidemark::ui {

// Runs the console's background jobs on a dedicated thread pool. A job is a value-in function taking a
// JobControl (progress, pause, cancel); its result or its tidemark::Error comes back on the GUI thread and
// into the job list. Work functions open their own connections: nothing crosses threads but values.
class JobRunner : public QObject {
    Q_OBJECT
  public:
    explicit JobRunner(JobListModel* jobs, QObject* parent = nullptr);
    ~JobRunner() override; // cancels what runs and waits for it

    template <typename T> struct Job {
        QString title;
        bool pausable = false;
        std::function<T(JobControl&)> work;          // on a pool thread
        std::function<QString(const T&)> summarize;  // on the GUI thread: the one-line result
        std::function<void(const T&)> onSuccess;     // on the GUI thread
        std::function<void(const Error&)> onFailure; // on the GUI thread (also for a cancelled job)
    };

    template <typename T> int start(Job<T> job);
    void cancelAll();
    int activeCount() const { return m_active; }

  signals:
    void jobFinished(int jobId, bool succeeded);
    void idle();

  private:
    std::shared_ptr<JobControl> prepareControl(int* jobId, const QString& title, bool pausable);
    void finishJob(int jobId, JobListModel::State state, const QString& result);
    void runOnPool(std::function<void()> task);

    JobListModel* m_jobs;
    QThreadPool m_pool;
    std::vector<std::weak_ptr<JobControl>> m_controls;
    int m_active = 0;
};

template <typename T> int JobRunner::start(Job<T> job) {
    int jobId = 0;
    std::shared_ptr<JobControl> control = prepareControl(&jobId, job.title, job.pausable);
    QPointer<JobRunner> self(this);
    runOnPool([self, jobId, control, job = std::move(job)]() {
        // Everything below runs on a pool thread; results go back by queued calls.
        const auto post = [self](auto&& fn) {
            if (self)
                QMetaObject::invokeMethod(self.data(), std::forward<decltype(fn)>(fn), Qt::QueuedConnection);
        };
        try {
            auto result = std::make_shared<T>(job.work(*control));
            const bool cancelled = control->isCancelled();
            post([self, jobId, job, result, cancelled]() {
                if (!self)
                    return;
                if (cancelled) {
                    self->finishJob(jobId, JobListModel::State::Cancelled, tr("Cancelled"));
                    if (job.onFailure)
                        job.onFailure(Error(Error::Kind::Failed, tr("cancelled")));
                    return;
                }
                self->finishJob(jobId, JobListModel::State::Done,
                                job.summarize ? job.summarize(*result) : QString());
                if (job.onSuccess)
                    job.onSuccess(*result);
            });
        } catch (const Error& error) {
            post([self, jobId, job, error]() {
                if (!self)
                    return;
                self->finishJob(jobId, JobListModel::State::Failed, error.message());
                if (job.onFailure)
                    job.onFailure(error);
            });
        } catch (const std::exception& error) {
            const Error wrapped(Error::Kind::Failed, QString::fromUtf8(error.what()));
            post([self, jobId, job, wrapped]() {
                if (!self)
                    return;
                self->finishJob(jobId, JobListModel::State::Failed, wrapped.message());
                if (job.onFailure)
                    job.onFailure(wrapped);
            });
        }
    });
    return jobId;
}

} // namespace tidemark::ui
