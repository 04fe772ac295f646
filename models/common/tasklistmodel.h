#pragma once

#include "taskprogress.h"

#include <QAbstractTableModel>
#include <QString>
#include <memory>
#include <vector>

namespace tidemark {

class TaskFeedback;

// The tasks of a TaskManager, newest last: running ones with their progress, finished ones with their
// one-line result. Lives on the GUI thread; the manager reports into it through queued calls. Pause, resume
// and cancel act on a row and reach the task through its TaskFeedback.
class TaskListModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum class State { Running, Paused, Cancelling, Done, Failed, Cancelled };
    Q_ENUM(State)
    enum Column { TitleColumn, StateColumn, ProgressColumn, ResultColumn, ColumnCount };
    static constexpr int ProgressRole = Qt::UserRole + 1; // 0..1 as double, -1 when unknown
    static constexpr int StateRole = Qt::UserRole + 2;    // State as int
    static constexpr int TaskIdRole = Qt::UserRole + 3;

    explicit TaskListModel(QObject* parent = nullptr);

    int addTask(const QString& title, std::shared_ptr<TaskFeedback> feedback, bool pausable);
    void setProgress(int taskId, const TaskProgress& progress);
    void finish(int taskId, State state, const QString& result);

    // Operator actions on a row; each returns false when the task cannot do it now.
    bool pause(int row);
    bool resume(int row);
    bool cancel(int row);
    bool canPause(int row) const;
    bool canResume(int row) const;
    bool canCancel(int row) const;

    int rowOf(int taskId) const; // -1 when absent
    State state(int row) const { return m_tasks[static_cast<size_t>(row)].state; }
    const TaskProgress& progress(int row) const { return m_tasks[static_cast<size_t>(row)].progress; }
    QString title(int row) const { return m_tasks[static_cast<size_t>(row)].title; }
    int runningCount() const;
    // The task waits at a checkpoint because of a pause (the pause has taken hold).
    bool isHeld(int row) const;
    static bool isActive(State state);
    static QString stateText(State state);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  signals:
    void runningCountChanged(int running);
    void stateChanged(int taskId, tidemark::TaskListModel::State state);

  private:
    struct Task {
        int id = 0;
        QString title;
        State state = State::Running;
        TaskProgress progress;
        QString result;
        bool pausable = false;
        std::shared_ptr<TaskFeedback> feedback;
    };
    void changed(int row);
    void setState(int row, State state);
    std::vector<Task> m_tasks;
    int m_nextId = 1;
};

} // namespace tidemark
