#include "planfiletasks.h"

#include "planfile.h"
#include "taskmanager.h"

namespace tidemark {

PlanFileTasks::PlanFileTasks(TaskManager* tasks, QObject* parent) : QObject(parent), m_tasks(tasks) {}

PlanFileTasks::~PlanFileTasks() {
    for (int task : {m_openTask, m_applyTask})
        if (task != 0)
            m_tasks->cancel(task);
}

void PlanFileTasks::open(const QString& path) {
    if (m_openTask != 0)
        m_tasks->cancel(m_openTask);
    const int generation = ++m_generation;
    Task<QJsonObject> task;
    task.title = tr("Open the plan %1").arg(path);
    task.work = [path](TaskFeedback&) { return planfile::read(path); };
    task.summarize = [](const QJsonObject& plan) { return planfile::sha256(plan).left(12); };
    m_openTask = m_tasks->start<QJsonObject>(
        std::move(task), this,
        [this, generation, path](const QJsonObject& plan) {
            if (generation != m_generation)
                return;
            m_openTask = 0;
            emit opened(path, plan);
        },
        [this, generation, path](const Error& error) {
            if (generation != m_generation)
                return;
            m_openTask = 0;
            emit openFailed(path, error);
        });
}

void PlanFileTasks::apply(const PlanApplyRequest& request) {
    if (m_applyTask != 0)
        return;
    Task<PlanApplyReport> task;
    task.title = tr("Apply the plan %1").arg(planfile::sha256(request.plan).left(12));
    task.pausable = true;
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return PlanApplyJob::run(request, feedback); };
    task.summarize = [](const PlanApplyReport& report) {
        return report.refusal.isEmpty() ? tr("exit %1").arg(report.exitCode()) : tr("refused");
    };
    m_applyTask = m_tasks->start<PlanApplyReport>(
        std::move(task), this,
        [this](const PlanApplyReport& report) {
            m_applyTask = 0;
            emit applied(report);
        },
        [this](const Error& error) {
            m_applyTask = 0;
            emit applyFailed(error);
        });
}

} // namespace tidemark
