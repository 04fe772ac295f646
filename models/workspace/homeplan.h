#pragma once

#include "datasetbase.h"
#include "error.h"
#include "planapplyjob.h"
#include "retentionplan.h"
#include "retentionplanjob.h"

#include <QJsonObject>
#include <functional>

namespace tidemark {

class TaskFeedback;
struct TaskProgress;

// The console Home's dataset: the retention plan of the workspace's connections and the plan files it opens
// and applies, every one a task run by its DatasetBase (they show in the Jobs dock and cancel from there).
// refresh() computes the quick plan (RetentionPlanRequest::quick, the positions rows estimated from the
// forecast's sample) for the first paint, then the exact one, started when the quick one is delivered; a
// newer refresh drops both. New connections (setSource) clear the plan shown: nothing of another workspace
// stays. Not a widget; the Home shows it.
class HomePlan : public DatasetBase {
    Q_OBJECT
  public:
    using Job = std::function<RetentionPlan(const RetentionPlanRequest&, TaskFeedback&)>;
    // `job`: RetentionPlanJob::run unless a test hands in another.
    explicit HomePlan(TaskManager* tasks, QObject* parent = nullptr, Job job = {});

    // The workspace's connections changed (`name` says which; "" none): the plan and its tasks are dropped.
    void setSource(const QString& name);
    // Starts the quick plan, then the exact one (request.quick is ignored: it is set here).
    void refresh(const RetentionPlanRequest& request);
    void cancel(); // stops the plan running; nothing more of it is delivered
    bool isRunning() const { return m_planSlot.busy(); }
    bool isRefining() const { return m_planSlot.busy() && !m_quick; } // the exact plan runs
    int runningTask() const { return m_planSlot.id; }
    // The last plan delivered (none after a new source).
    const std::optional<RetentionPlan>& plan() const { return m_plan; }

    // Reads a plan file (off the GUI thread, bounded and checked by planfile::read); a newer open drops an
    // older one.
    void open(const QString& path);
    // Applies an opened plan (PlanApplyJob, the CLI's apply). One at a time.
    void apply(const PlanApplyRequest& request);
    bool isApplying() const { return m_applySlot.busy(); }
    int applyTask() const { return m_applySlot.id; }

  signals:
    // A plan of the current refresh: first quick (plan.quick), then exact.
    void planReady(const tidemark::RetentionPlan& plan);
    // A step of the current refresh failed as a whole (a dataset's error is in its section, not here);
    // `quick`: the quick step failed, the exact one is started anyway.
    void failed(const tidemark::Error& error, bool quick);
    void progressed(const tidemark::TaskProgress& progress);
    void finished(); // the current refresh ended (exact plan delivered or failed)
    void opened(const QString& path, const QJsonObject& plan);
    void openFailed(const QString& path, const tidemark::Error& error);
    void applied(const tidemark::PlanApplyReport& report);
    void applyFailed(const tidemark::Error& error);

  protected:
    void clearModels() override;
    void taskProgressed(int taskId, const TaskProgress& progress) override;

  private:
    void start(bool quick);

    Job m_job;
    RetentionPlanRequest m_request;
    std::optional<RetentionPlan> m_plan;
    bool m_quick = false;
    TaskSlot m_planSlot;
    TaskSlot m_openSlot;
    TaskSlot m_applySlot;
};

} // namespace tidemark

Q_DECLARE_METATYPE(tidemark::PlanApplyReport)
