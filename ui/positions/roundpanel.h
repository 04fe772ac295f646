#pragma once

#include "positionsettings.h"
#include "roundjob.h"

#include <QTimer>
#include <QWidget>

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace tidemark::positions {
class RoundHistoryModel;
}

namespace tidemark::ui {

class RoundHistoryChart;

// The Rounds area: Run, Dry run, Pause, Resume, Cancel; progress by mower and slice with rows scanned and
// deleted and the time left; the window and the budget with the current local hour in the maintenance zone;
// the history of rounds as a table and a chart.
class RoundPanel : public QWidget {
    Q_OBJECT
  public:
    enum class State { Idle, Running, Paused };

    explicit RoundPanel(positions::RoundHistoryModel* history, QWidget* parent = nullptr);

    void setSettings(const positions::PositionSettings& settings);
    void setState(State state);
    // A reason rounds cannot run now (a bad setting); "" allows them again. Shown above the buttons.
    void setRefusal(const QString& reason);
    QString refusal() const { return m_refusal; }
    State state() const { return m_state; }
    void showProgress(const positions::RoundProgress& progress);
    void showReport(const positions::RoundReport& report);
    void showError(const QString& message);
    // What Run does next when it applies a plan ("" : a round); shown above the buttons.
    void setPlanNote(const QString& note);
    QString planNote() const;
    void refreshWindow();
    void historyChanged();
    // No round of this database: the history chart (of the emptied model), the progress and the report.
    void clear();

    bool ignoreWindow() const;
    QCheckBox* ignoreWindowBox() const { return m_ignoreWindow; }
    int budgetSeconds() const;
    int jobs() const; // thinning workers
    QString progressText() const;
    QString windowText() const;
    QPushButton* runButton() const { return m_run; }
    RoundHistoryChart* historyChart() const { return m_chart; }
    QPushButton* dryRunButton() const { return m_dryRun; }
    QPushButton* pauseButton() const { return m_pause; }
    QPushButton* resumeButton() const { return m_resume; }
    QPushButton* cancelButton() const { return m_cancel; }

  signals:
    void runRequested(bool dryRun);
    void pauseRequested();
    void resumeRequested();
    void cancelRequested();

  private:
    QString problemsText(const positions::RoundReport& r) const;
    positions::RoundHistoryModel* m_history;
    positions::PositionSettings m_settings;
    State m_state = State::Idle;
    QString m_refusal;
    QLabel* m_refusalLabel;
    QLabel* m_planNote;
    QPushButton *m_run, *m_dryRun, *m_pause, *m_resume, *m_cancel;
    QCheckBox* m_ignoreWindow;
    QSpinBox* m_budget;
    QSpinBox* m_jobs;
    QProgressBar* m_progress;
    QLabel* m_progressText;
    QLabel* m_window;
    QTableView* m_table;
    RoundHistoryChart* m_chart;
    QTimer m_clock;
};

} // namespace tidemark::ui
