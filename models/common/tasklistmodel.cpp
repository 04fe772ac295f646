#include "tasklistmodel.h"

#include "taskfeedback.h"

#include <cmath>

namespace tidemark {

TaskListModel::TaskListModel(QObject* parent) : QAbstractTableModel(parent) {}

int TaskListModel::addTask(const QString& title, std::shared_ptr<TaskFeedback> feedback, bool pausable) {
    const int row = static_cast<int>(m_tasks.size());
    beginInsertRows({}, row, row);
    Task task;
    task.id = m_nextId++;
    task.title = title;
    task.pausable = pausable;
    task.feedback = std::move(feedback);
    m_tasks.push_back(std::move(task));
    endInsertRows();
    emit runningCountChanged(runningCount());
    return m_tasks.back().id;
}

int TaskListModel::rowOf(int taskId) const {
    for (size_t i = 0; i < m_tasks.size(); ++i)
        if (m_tasks[i].id == taskId)
            return static_cast<int>(i);
    return -1;
}

void TaskListModel::changed(int row) {
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void TaskListModel::setState(int row, State state) {
    Task& task = m_tasks[static_cast<size_t>(row)];
    task.state = state;
    changed(row);
    emit stateChanged(task.id, state);
}

bool TaskListModel::isActive(State state) {
    return state == State::Running || state == State::Paused || state == State::Cancelling;
}

void TaskListModel::setProgress(int taskId, const TaskProgress& progress) {
    const int row = rowOf(taskId);
    if (row < 0 || !isActive(m_tasks[static_cast<size_t>(row)].state))
        return; // a late report after the end
    m_tasks[static_cast<size_t>(row)].progress = progress;
    changed(row);
}

void TaskListModel::finish(int taskId, State state, const QString& result) {
    const int row = rowOf(taskId);
    if (row < 0)
        return;
    Task& task = m_tasks[static_cast<size_t>(row)];
    task.result = result;
    if (state == State::Done && task.progress.total != 0) {
        task.progress.done = std::max<qint64>(task.progress.total, 1);
        task.progress.total = task.progress.done;
    }
    task.feedback.reset();
    setState(row, state);
    emit runningCountChanged(runningCount());
}

bool TaskListModel::canPause(int row) const {
    if (row < 0 || row >= rowCount())
        return false;
    const Task& task = m_tasks[static_cast<size_t>(row)];
    return task.pausable && task.feedback && task.state == State::Running;
}

bool TaskListModel::canResume(int row) const {
    if (row < 0 || row >= rowCount())
        return false;
    const Task& task = m_tasks[static_cast<size_t>(row)];
    return task.feedback && task.state == State::Paused;
}

bool TaskListModel::canCancel(int row) const {
    if (row < 0 || row >= rowCount())
        return false;
    const Task& task = m_tasks[static_cast<size_t>(row)];
    return task.feedback && (task.state == State::Running || task.state == State::Paused);
}

bool TaskListModel::pause(int row) {
    if (!canPause(row))
        return false;
    m_tasks[static_cast<size_t>(row)].feedback->pause();
    setState(row, State::Paused);
    return true;
}

bool TaskListModel::resume(int row) {
    if (!canResume(row))
        return false;
    m_tasks[static_cast<size_t>(row)].feedback->resume();
    setState(row, State::Running);
    return true;
}

bool TaskListModel::cancel(int row) {
    if (!canCancel(row))
        return false;
    Task& task = m_tasks[static_cast<size_t>(row)];
    task.feedback->cancel();
    task.feedback->resume();
    setState(row, State::Cancelling);
    return true;
}

bool TaskListModel::isHeld(int row) const {
    if (row < 0 || row >= rowCount())
        return false;
    const Task& task = m_tasks[static_cast<size_t>(row)];
    return task.feedback && task.feedback->isHeld();
}

int TaskListModel::runningCount() const {
    int running = 0;
    for (const Task& task : m_tasks)
        if (isActive(task.state))
            ++running;
    return running;
}

QString TaskListModel::stateText(State state) {
    switch (state) {
    case State::Running:
        return tr("Running");
    case State::Paused:
        return tr("Paused");
    case State::Cancelling:
        return tr("Cancelling");
    case State::Done:
        return tr("Done");
    case State::Failed:
        return tr("Failed");
    case State::Cancelled:
        return tr("Cancelled");
    }
    return {};
}

int TaskListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_tasks.size());
}

int TaskListModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant TaskListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Task& task = m_tasks[static_cast<size_t>(index.row())];
    const double fraction = task.progress.fraction();
    // While a task runs the last column tells where it stands; afterwards, its one-line result.
    const QString last = isActive(task.state) ? task.progress.describe() : task.result;
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case TitleColumn:
            return task.title;
        case StateColumn:
            return stateText(task.state);
        case ProgressColumn:
            return fraction < 0 ? QString() : QStringLiteral("%1%").arg(qRound(fraction * 100));
        case ResultColumn:
            return last;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        return index.column() == ResultColumn  ? last
               : index.column() == TitleColumn ? task.title
                                               : QVariant();
    case ProgressRole:
        return fraction;
    case StateRole:
        return static_cast<int>(task.state);
    case TaskIdRole:
        return task.id;
    default:
        return {};
    }
}

QVariant TaskListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TitleColumn:
        return tr("Task");
    case StateColumn:
        return tr("State");
    case ProgressColumn:
        return tr("Progress");
    case ResultColumn:
        return tr("Progress or result");
    default:
        return {};
    }
}

} // namespace tidemark
