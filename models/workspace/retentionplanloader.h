#pragma once

#include "error.h"
#include "retentionplan.h"
#include "retentionplanjob.h"

#include <QObject>
#include <functional>

namespace tidemark {
class TaskFeedback;
class TaskManager;
struct TaskProgress;
} // namespace tidemark

namespace tidemark {

// Computes the home's retention plan as tasks of the console's one TaskManager (they show in the Jobs dock
// and cancel from there): first the quick plan (RetentionPlanRequest::quick, the positions rows estimated
// from the forecast's sample) for the first paint, then the exact one, started when the quick one is
// delivered. A newer refresh makes both stale: the running task is cancelled and whatever it still delivers
// is dropped. Every value reaches the GUI thread through the TaskManager.
class RetentionPlanLoader : public QObject {
    Q_OBJECT
  public:
    using Job = std::function<RetentionPlan(const RetentionPlanRequest&, TaskFeedback&)>;

    // `job`: RetentionPlanJob::run unless a test hands in another.
    explicit RetentionPlanLoader(TaskManager* tasks, QObject* parent = nullptr, Job job = {});

    // Starts the quick plan, then the exact one (request.quick is ignored: the loader sets it).
    void refresh(const RetentionPlanRequest& request);
    void cancel();           // stops the running task; nothing more is delivered
    bool isRunning() const;  // a quick or exact task is in flight
    bool isRefining() const; // the quick plan is delivered, the exact one runs
    int runningTask() const; // its TaskManager id, 0 none
    int generation() const { return m_generation; }

  signals:
    // A plan of the current refresh, on the GUI thread: first quick (plan.quick), then exact.
    void planReady(const tidemark::RetentionPlan& plan);
    // A step of the current refresh failed as a whole (a dataset's error is in its section, not here);
    // `quick`: the quick step failed, the exact one is started anyway.
    void failed(const tidemark::Error& error, bool quick);
    void progressed(const tidemark::TaskProgress& progress);
    void finished(); // the current refresh ended (exact plan delivered or failed)

  private:
    void start(bool quick);

    TaskManager* m_tasks;
    Job m_job;
    RetentionPlanRequest m_request;
    int m_generation = 0;
    int m_task = 0;
    bool m_quick = false;
};

} // namespace tidemark
