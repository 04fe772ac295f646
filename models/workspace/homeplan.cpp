#include "homeplan.h"

#include "planfile.h"
#include "taskmanager.h"
#include "taskprogress.h"

namespace tidemark {

HomePlan::HomePlan(TaskManager* tasks, QObject* parent, Job job)
    : DatasetBase(tasks, parent), m_job(job ? std::move(job) : Job(&RetentionPlanJob::run)) {}

void HomePlan::taskProgressed(int taskId, const TaskProgress& progress) {
    if (holds(m_planSlot, taskId))
        emit progressed(progress);
}

void HomePlan::setSource(const QString& name) {
    changeSource(name);
}

void HomePlan::clearModels() {
    m_plan.reset();
}

void HomePlan::refresh(const RetentionPlanRequest& request) {
    m_request = request;
    start(true);
}

void HomePlan::cancel() {
    DatasetBase::cancel(m_planSlot);
}

void HomePlan::start(bool quick) {
    RetentionPlanRequest request = m_request;
    request.quick = quick;
    request.withUnits = !quick; // the exact plan is the one Save plan… writes and apply does
    m_quick = quick;
    Task<RetentionPlan> task;
    task.title = quick ? tr("Retention plan (quick estimate)") : tr("Retention plan");
    // A cancelled plan still says what it found; a newer refresh drops it anyway.
    task.reportsCancel = true;
    task.work = [job = m_job, request](TaskFeedback& feedback) { return job(request, feedback); };
    task.summarize = [](const RetentionPlan& plan) {
        return plan.alerts.empty() ? tr("nothing needs you")
                                   : tr("%Ln item(s) need you", "", int(plan.alerts.size()));
    };
    run<RetentionPlan>(
        std::move(task), m_planSlot,
        [this, quick](const RetentionPlan& plan) {
            // The exact plan is on its way before the quick one is shown: the Home marks it as refining.
            const bool refine = quick && !plan.cancelled;
            if (refine)
                start(false);
            m_plan = plan;
            emit planReady(plan);
            if (!refine)
                emit finished();
        },
        [this, quick](const Error& error) {
            const bool refine = quick && error.kind() != Error::Kind::Cancelled;
            if (refine)
                start(false);
            emit failed(error, quick);
            if (!refine)
                emit finished();
        });
}

void HomePlan::open(const QString& path) {
    Task<QJsonObject> task;
    task.title = tr("Open the plan %1").arg(path);
    task.work = [path](TaskFeedback&) { return planfile::read(path); };
    task.summarize = [](const QJsonObject& plan) { return planfile::sha256(plan).left(12); };
    run<QJsonObject>(
        std::move(task), m_openSlot, [this, path](const QJsonObject& plan) { emit opened(path, plan); },
        [this, path](const Error& error) { emit openFailed(path, error); });
}

void HomePlan::apply(const PlanApplyRequest& request) {
    if (m_applySlot.busy())
        return;
    Task<PlanApplyReport> task;
    task.title = tr("Apply the plan %1").arg(planfile::sha256(request.plan).left(12));
    task.pausable = true;
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return PlanApplyJob::run(request, feedback); };
    task.summarize = [](const PlanApplyReport& report) {
        return report.refusal.isEmpty() ? tr("exit %1").arg(report.exitCode()) : tr("refused");
    };
    run<PlanApplyReport>(
        std::move(task), m_applySlot, [this](const PlanApplyReport& report) { emit applied(report); },
        [this](const Error& error) { emit applyFailed(error); });
}

} // namespace tidemark
