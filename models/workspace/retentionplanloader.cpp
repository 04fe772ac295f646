#include "retentionplanloader.h"

#include "taskmanager.h"
#include "taskprogress.h"

namespace tidemark {

RetentionPlanLoader::RetentionPlanLoader(TaskManager* tasks, QObject* parent, Job job)
    : QObject(parent), m_tasks(tasks), m_job(job ? std::move(job) : Job(&RetentionPlanJob::run)) {
    connect(m_tasks, &TaskManager::progressed, this, [this](int taskId, const TaskProgress& progress) {
        if (taskId != 0 && taskId == m_task)
            emit progressed(progress);
    });
}

void RetentionPlanLoader::refresh(const RetentionPlanRequest& request) {
    cancel();
    m_request = request;
    start(true);
}

void RetentionPlanLoader::cancel() {
    ++m_generation;
    if (m_task != 0)
        m_tasks->cancel(m_task);
    m_task = 0;
}

bool RetentionPlanLoader::isRunning() const {
    return m_task != 0;
}

bool RetentionPlanLoader::isRefining() const {
    return m_task != 0 && !m_quick;
}

int RetentionPlanLoader::runningTask() const {
    return m_task;
}

void RetentionPlanLoader::start(bool quick) {
    const int generation = m_generation;
    RetentionPlanRequest request = m_request;
    request.quick = quick;
    request.withUnits = !quick; // the exact plan is the one Save plan… writes and apply does
    m_quick = quick;
    Task<RetentionPlan> task;
    task.title = quick ? tr("Retention plan (quick estimate)") : tr("Retention plan");
    // A cancelled plan still says what it found; the home drops it anyway when a newer refresh made it stale.
    task.reportsCancel = true;
    task.work = [job = m_job, request](TaskFeedback& feedback) { return job(request, feedback); };
    task.summarize = [](const RetentionPlan& plan) {
        return plan.alerts.empty() ? tr("nothing needs you")
                                   : tr("%Ln item(s) need you", "", int(plan.alerts.size()));
    };
    m_task = m_tasks->start<RetentionPlan>(
        std::move(task), this,
        [this, generation, quick](const RetentionPlan& plan) {
            if (generation != m_generation)
                return;
            m_task = 0;
            // The exact plan is on its way before the quick one is shown: the home marks it as refining.
            const bool refine = quick && !plan.cancelled;
            if (refine)
                start(false);
            emit planReady(plan);
            if (!refine)
                emit finished();
        },
        [this, generation, quick](const Error& error) {
            if (generation != m_generation)
                return;
            m_task = 0;
            const bool refine = quick && error.kind() != Error::Kind::Cancelled;
            if (refine)
                start(false);
            emit failed(error, quick);
            if (!refine)
                emit finished();
        });
}

} // namespace tidemark
