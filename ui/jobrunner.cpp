#include "jobrunner.h"

#include <QElapsedTimer>
#include <QThread>
#include <mutex>

namespace tidemark::ui {

JobRunner::JobRunner(JobListModel* jobs, QObject* parent) : QObject(parent), m_jobs(jobs) {
    m_pool.setObjectName(QStringLiteral("tidemark-jobs"));
    m_pool.setMaxThreadCount(std::max(2, QThread::idealThreadCount()));
}

JobRunner::~JobRunner() {
    cancelAll();
    m_pool.waitForDone();
}

std::shared_ptr<JobControl> JobRunner::prepareControl(int* jobId, const QString& title, bool pausable) {
    auto control = std::make_shared<JobControl>();
    *jobId = m_jobs->addJob(title, control, pausable);
    // Progress arrives on the pool thread; forward at most ~10 reports a second to the GUI thread.
    QPointer<JobListModel> jobs(m_jobs);
    auto timer = std::make_shared<QElapsedTimer>();
    auto timerMutex = std::make_shared<std::mutex>();
    const int id = *jobId;
    control->setProgressSink([jobs, timer, timerMutex, id](double fraction, const QString& message) {
        {
            std::lock_guard lock(*timerMutex);
            if (timer->isValid() && timer->elapsed() < 100 && fraction < 1.0)
                return;
            timer->start();
        }
        if (jobs)
            QMetaObject::invokeMethod(
                jobs.data(),
                [jobs, id, fraction, message]() {
                    if (jobs)
                        jobs->setProgress(id, fraction, message);
                },
                Qt::QueuedConnection);
    });
    std::erase_if(m_controls, [](const std::weak_ptr<JobControl>& weak) { return weak.expired(); });
    m_controls.push_back(control);
    ++m_active;
    return control;
}

void JobRunner::runOnPool(std::function<void()> task) {
    m_pool.start(std::move(task));
}

void JobRunner::finishJob(int jobId, JobListModel::State state, const QString& result) {
    m_jobs->finish(jobId, state, result);
    --m_active;
    emit jobFinished(jobId, state == JobListModel::State::Done);
    if (m_active == 0)
        emit idle();
}

void JobRunner::cancelAll() {
    for (const auto& weak : m_controls)
        if (auto control = weak.lock()) {
            control->cancel();
            control->resume();
        }
    m_controls.clear();
}

} // namespace tidemark::ui
