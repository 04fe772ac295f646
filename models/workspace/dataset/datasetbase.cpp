#include "datasetbase.h"

namespace tidemark {

DatasetBase::DatasetBase(TaskManager* tasks, QObject* parent) : QObject(parent), m_tasks(tasks) {
    connect(tasks, &TaskManager::progressed, this, [this](int taskId, const TaskProgress& progress) {
        if (m_running.contains(taskId))
            taskProgressed(taskId, progress);
    });
    connect(tasks->tasks(), &TaskListModel::stateChanged, this,
            [this](int taskId, TaskListModel::State state) {
                if (m_running.contains(taskId) &&
                    (state == TaskListModel::State::Paused || state == TaskListModel::State::Running))
                    taskPaused(taskId, state == TaskListModel::State::Paused);
            });
}

DatasetBase::~DatasetBase() {
    if (m_tasks)
        for (int id : std::as_const(m_running))
            m_tasks->cancel(id);
}

void DatasetBase::setSettingsError(const QString& message) {
    m_settingsError = message;
    emit settingsChanged();
}

void DatasetBase::acceptSettings() {
    m_settingsError.clear();
    emit settingsChanged();
}

void DatasetBase::changeSource(const QString& name) {
    ++m_sourceGeneration;
    m_sourceName = name;
    if (m_tasks)
        for (int id : std::as_const(m_running))
            m_tasks->cancel(id);
    clearAll();
}

void DatasetBase::clearAll() {
    clearModels();
    emit cleared();
}

void DatasetBase::cancel(const TaskSlot& slot) {
    if (slot.busy() && m_tasks)
        m_tasks->cancel(slot.id);
}

void DatasetBase::pause(const TaskSlot& slot) {
    if (slot.busy() && m_tasks)
        m_tasks->pause(slot.id);
}

void DatasetBase::resume(const TaskSlot& slot) {
    if (slot.busy() && m_tasks)
        m_tasks->resume(slot.id);
}

bool DatasetBase::settle(int id, TaskSlot& slot, int generation) {
    m_running.remove(id);
    if (slot.id != id)
        return false; // a newer task of the slot replaced it
    slot.id = 0;
    return generation == m_sourceGeneration;
}

} // namespace tidemark
