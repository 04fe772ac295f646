#pragma once

#include "error.h"
#include "task.h"
#include "tasklistmodel.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <exception>
#include <functional>
#include <memory>
#include <vector>

namespace tidemark {

// The console's one task system (in the manner of QgsTaskManager): runs every long operation (loads,
// previews, rounds, dry runs, verifies, imports, exports, restores) on one thread pool, lists it in a
// TaskListModel with its typed progress, pauses, resumes and cancels it, and hands its value or its Error
// (kind kept; Kind::Cancelled when cancelled) to callbacks on the GUI thread; a job's report after a cancel
// (Task::reportsCancel) goes to onSuccess, so the caller learns what was committed before the stop. Nothing
// but values crosses threads. A callback is dropped when its context object is gone.
class TaskManager : public QObject {
    Q_OBJECT
  public:
    explicit TaskManager(QObject* parent = nullptr);
    ~TaskManager() override; // cancels what runs and waits for it

    template <typename T>
    int start(Task<T> task, QObject* context, std::function<void(const T&)> onSuccess,
              std::function<void(const Error&)> onFailure = {});

    TaskListModel* tasks() const { return m_tasks; }
    bool pause(int taskId);
    bool resume(int taskId);
    bool cancel(int taskId);
    void cancelAll();
    bool isActive(int taskId) const;
    int activeCount() const { return m_active; }
    // Blocks until every task has ended (the CLI, shutdown); callbacks still arrive through the event loop.
    void waitForDone();

  signals:
    // Progress as reported (coalesced: a task that reports faster than the GUI reads shows its latest).
    void progressed(int taskId, const tidemark::TaskProgress& progress);
    void taskFinished(int taskId, tidemark::TaskListModel::State state);
    void idle();

  private:
    struct Channel;
    std::shared_ptr<TaskFeedback> prepare(int* taskId, const QString& title, bool pausable);
    void deliver(int taskId, const std::shared_ptr<Channel>& channel);
    void finish(int taskId, TaskListModel::State state, const QString& result);
    template <typename Fn> void post(Fn&& fn) {
        QMetaObject::invokeMethod(this, std::forward<Fn>(fn), Qt::QueuedConnection);
    }

    TaskListModel* m_tasks;
    QThreadPool m_pool;
    int m_active = 0;
};

template <typename T>
int TaskManager::start(Task<T> task, QObject* context, std::function<void(const T&)> onSuccess,
                       std::function<void(const Error&)> onFailure) {
    int taskId = 0;
    std::shared_ptr<TaskFeedback> feedback = prepare(&taskId, task.title, task.pausable);
    QPointer<TaskManager> self(this);
    QPointer<QObject> guard(context);
    const bool guarded = context != nullptr;
    const auto fail = [self, taskId, guard, guarded, onFailure](const Error& error) {
        if (!self)
            return;
        const bool cancelled = error.kind() == Error::Kind::Cancelled;
        self->finish(taskId, cancelled ? TaskListModel::State::Cancelled : TaskListModel::State::Failed,
                     cancelled ? tr("Cancelled") : error.message());
        if (onFailure && (!guarded || guard))
            onFailure(error);
    };
    m_pool.start([self, taskId, feedback, guard, guarded, task = std::move(task), onSuccess, fail]() {
        try {
            auto value = std::make_shared<T>(task.work(*feedback));
            const bool cancelled = feedback->isCancelled();
            if (!self)
                return;
            self->post([self, taskId, guard, guarded, value, cancelled, reportsCancel = task.reportsCancel,
                        summarize = task.summarize, onSuccess, fail]() {
                if (!self)
                    return;
                if (cancelled && !reportsCancel) {
                    fail(Error(Error::Kind::Cancelled, tr("cancelled")));
                    return;
                }
                self->finish(taskId, cancelled ? TaskListModel::State::Cancelled : TaskListModel::State::Done,
                             summarize ? summarize(*value) : QString());
                if (onSuccess && (!guarded || guard))
                    onSuccess(*value);
            });
        } catch (const Error& error) {
            if (self)
                self->post([fail, error] { fail(error); });
        } catch (const std::exception& error) {
            const Error wrapped(Error::Kind::Failed, QString::fromUtf8(error.what()));
            if (self)
                self->post([fail, wrapped] { fail(wrapped); });
        }
    });
    return taskId;
}

} // namespace tidemark
