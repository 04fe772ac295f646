#include "taskmanager.h"

#include <QThread>
#include <mutex>

namespace tidemark {

// The newest progress of one task, handed from its thread to the GUI thread; at most one delivery is queued
// at a time, so a fast reporter cannot flood the event loop.
struct TaskManager::Channel {
    std::mutex mutex;
    TaskProgress latest;
    bool queued = false;
};

TaskManager::TaskManager(QObject* parent) : QObject(parent), m_tasks(new TaskListModel(this)) {
    qRegisterMetaType<TaskProgress>();
    m_pool.setObjectName(QStringLiteral("tidemark-tasks"));
    // Tasks mostly wait on a server; a round, a preview, a verify and the loads run side by side.
    m_pool.setMaxThreadCount(std::max(6, QThread::idealThreadCount()));
}

TaskManager::~TaskManager() {
    cancelAll();
    m_pool.waitForDone();
}

std::shared_ptr<TaskFeedback> TaskManager::prepare(int* taskId, const QString& title, bool pausable) {
    auto feedback = std::make_shared<TaskFeedback>();
    *taskId = m_tasks->addTask(title, feedback, pausable);
    auto channel = std::make_shared<Channel>();
    QPointer<TaskManager> self(this);
    const int id = *taskId;
    feedback->setSink([self, channel, id](const TaskProgress& progress) {
        std::lock_guard lock(channel->mutex);
        channel->latest = progress;
        if (channel->queued || !self)
            return;
        channel->queued = true;
        QMetaObject::invokeMethod(
            self.data(),
            [self, channel, id] {
                if (self)
                    self->deliver(id, channel);
            },
            Qt::QueuedConnection);
    });
    ++m_active;
    return feedback;
}

void TaskManager::deliver(int taskId, const std::shared_ptr<Channel>& channel) {
    TaskProgress progress;
    {
        std::lock_guard lock(channel->mutex);
        progress = channel->latest;
        channel->queued = false;
    }
    m_tasks->setProgress(taskId, progress);
    emit progressed(taskId, progress);
}

void TaskManager::finish(int taskId, TaskListModel::State state, const QString& result) {
    m_tasks->finish(taskId, state, result);
    --m_active;
    emit taskFinished(taskId, state);
    if (m_active == 0)
        emit idle();
}

bool TaskManager::pause(int taskId) {
    return m_tasks->pause(m_tasks->rowOf(taskId));
}

bool TaskManager::resume(int taskId) {
    return m_tasks->resume(m_tasks->rowOf(taskId));
}

bool TaskManager::cancel(int taskId) {
    return m_tasks->cancel(m_tasks->rowOf(taskId));
}

bool TaskManager::isActive(int taskId) const {
    const int row = m_tasks->rowOf(taskId);
    return row >= 0 && TaskListModel::isActive(m_tasks->state(row));
}

void TaskManager::cancelAll() {
    for (int row = 0; row < m_tasks->rowCount(); ++row)
        m_tasks->cancel(row);
}

void TaskManager::waitForDone() {
    m_pool.waitForDone();
}

} // namespace tidemark
