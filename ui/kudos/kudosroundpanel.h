#pragma once

#include "retentionreport.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QTableWidget;
class QTextBrowser;
class QProgressBar;
class QPushButton;

namespace tidemark {
struct TaskProgress;
}

namespace tidemark::ui {

// The Round area of the kudos workbench: Preview, Run round, Step one partition, Pause, Resume, Cancel, and
// apart from them Rehearse… (a rehearsal on a restored copy, its own dialog); the
// progress with the current action; the last report (actions done, what remains, alerts, and after an apply
// the plan's actions that were stale or left), a dry run's in the words of what a run would do; under it the
// previewed plan's actions or the actions done.
class KudosRoundPanel : public QWidget {
    Q_OBJECT
  public:
    enum class State { Idle, Running, Paused };

    explicit KudosRoundPanel(QWidget* parent = nullptr);

    void setState(State state);
    State state() const { return m_state; }
    // A reason rounds cannot run now (a bad setting, no connection, a load that failed); "" allows them
    // again. Preview, Run round, Step and Rehearse… are disabled while there is one, their tooltips saying
    // it.
    void setRefusal(const QString& reason);
    void showProgress(const TaskProgress& progress);
    void showReport(const kudos::RetentionReport& report);
    void showError(const QString& message);
    // The previewed plan: its actions (action, dataset, table, range, rows) in the plan table, and that Run
    // applies it; clearPlan() empties it (Run is a round again).
    void showPlan(const kudos::KudosPlanUnits& plan);
    void clearPlan();
    int planRows() const;
    QTableWidget* planTable() const { return m_plan; }
    // "roll up 12 ranges, export 8, drop 3 partitions": what a plan's Run confirms.
    static QString planCounts(const kudos::KudosPlanUnits& plan);

    QString progressText() const;
    QString reportText() const; // the last report as plain text
    int progressValue() const;  // of 1000
    int doneCount() const;      // lines in the list of actions done
    QPushButton* runButton() const { return m_run; }
    QPushButton* previewButton() const { return m_preview; }
    QPushButton* stepButton() const { return m_step; }
    QPushButton* pauseButton() const { return m_pause; }
    QPushButton* resumeButton() const { return m_resume; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* rehearseButton() const { return m_rehearse; }

  signals:
    void runRequested();
    void previewRequested();
    void stepRequested();
    void pauseRequested();
    void resumeRequested();
    void cancelRequested();
    void rehearseRequested();

  private:
    State m_state = State::Idle;
    QString m_refusal;
    QLabel* m_refusalLabel;
    QPushButton *m_preview, *m_run, *m_step, *m_pause, *m_resume, *m_cancel, *m_rehearse;
    QLabel* m_planLabel;
    QTableWidget* m_plan;
    QProgressBar* m_progress;
    QLabel* m_progressText;
    QTextBrowser* m_report; // the area's main part: the report wraps and scrolls
    QString m_startTips[4]; // Preview's, Run round's, Step's and Rehearse…'s own tooltips
    QListWidget* m_done;
};

} // namespace tidemark::ui
