#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <memory>
#include <vector>

namespace tidemark {
class JobControl;
}

namespace tidemark::ui {

// The console's jobs, newest last: running ones with their progress, finished ones with their one-line
// result. Lives on the GUI thread; JobRunner reports into it through queued calls.
class JobListModel : public QAbstractTableModel {
    Q_OBJECT
  public:
    enum class State { Running, Paused, Cancelling, Done, Failed, Cancelled };
    enum Column { TitleColumn, StateColumn, ProgressColumn, ResultColumn, ColumnCount };
    static constexpr int ProgressRole = Qt::UserRole + 1; // 0..1 as double, -1 when unknown
    static constexpr int StateRole = Qt::UserRole + 2;    // State as int

    explicit JobListModel(QObject* parent = nullptr);

    int addJob(const QString& title, std::shared_ptr<JobControl> control, bool pausable);
    void setProgress(int jobId, double fraction, const QString& message);
    void finish(int jobId, State state, const QString& result);

    // Operator actions on a row; each returns false when the job cannot do it now.
    bool pause(int row);
    bool resume(int row);
    bool cancel(int row);
    bool canPause(int row) const;
    bool canResume(int row) const;
    bool canCancel(int row) const;

    State state(int row) const { return m_jobs[static_cast<size_t>(row)].state; }
    int runningCount() const;
    static QString stateText(State state);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

  signals:
    void runningCountChanged(int running);

  private:
    struct Job {
        int id = 0;
        QString title;
        State state = State::Running;
        double progress = -1;
        QString message; // the latest progress message, then the result
        bool pausable = false;
        std::shared_ptr<JobControl> control;
    };
    int rowOf(int jobId) const;
    void changed(int row);
    std::vector<Job> m_jobs;
    int m_nextId = 1;
};

} // namespace tidemark::ui
