#pragma once

#include "retentionjob.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;
class QTabWidget;
class QTextBrowser;

namespace tidemark {
class TaskManager;
struct TaskProgress;
} // namespace tidemark
namespace tidemark::kudos {
class KudosDataset;
}

namespace tidemark::ui {

class BudgetPanel;
class KudosRoundPanel;
class PartitionTimeline;
class ReconciliationPanel;

// The kudos console: the ranges of both tables as a timeline and a table (range, rows, unapplied,
// quarantined, state, eligible date, archive object and size), and the areas Round (run, step one, pause,
// resume, cancel, progress, last report), Budget, Incidents & alerts, Quarantine, Reconciliation and
// Disclosure. It shows the KudosDataset; every database access is a task of the dataset's TaskManager, so a
// round shows in the Jobs dock and pauses or cancels from there too.
class KudosWorkbench : public QWidget {
    Q_OBJECT
  public:
    explicit KudosWorkbench(kudos::KudosDataset* dataset, QWidget* parent = nullptr);
    ~KudosWorkbench() override; // cancels its round

    void runRound();
    void stepOnePartition();
    void pauseRound();
    void resumeRound();
    void cancelRound();
    void reconcile();
    void selectPartition(int modelRow); // selects the row in the table and the block in the timeline
    int selectedPartition() const;      // the model row, -1 none

    kudos::KudosDataset* dataset() const { return m_dataset; }
    PartitionTimeline* timeline() const { return m_timeline; }
    QTableView* partitionTable() const { return m_table; }
    QTableView* issueTable() const { return m_issues; }
    QTableView* quarantineTable() const { return m_quarantine; }
    QTextBrowser* disclosure() const { return m_disclosure; }
    KudosRoundPanel* roundPanel() const { return m_roundPanel; }
    BudgetPanel* budgetPanel() const { return m_budgetPanel; }
    ReconciliationPanel* reconciliationPanel() const { return m_reconciliationPanel; }
    QTabWidget* areas() const { return m_areas; }
    QString summaryText() const;
    int roundTask() const { return m_roundTask; } // the TaskManager's id, 0 when none
    bool isRoundRunning() const { return m_roundTask != 0; }
    const kudos::RetentionReport& lastReport() const { return m_lastReport; }

  signals:
    void loaded(int ranges);
    void roundFinished(bool succeeded);
    void failed(const QString& message);

  private:
    void start(bool oneStep);
    void showStatus();
    void settingsChanged();
    void taskProgressed(int taskId, const TaskProgress& progress);
    void taskStateChanged(int taskId, int state);
    TaskManager* tasks() const;

    kudos::KudosDataset* m_dataset;
    QPointer<TaskManager> m_manager;
    int m_roundTask = 0;
    kudos::RetentionReport m_lastReport;

    QLabel* m_settingsBanner;
    QLabel* m_summary;
    PartitionTimeline* m_timeline;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QTabWidget* m_areas;
    KudosRoundPanel* m_roundPanel;
    BudgetPanel* m_budgetPanel;
    QTableView* m_issues;
    QTableView* m_quarantine;
    ReconciliationPanel* m_reconciliationPanel;
    QTextBrowser* m_disclosure;
};

} // namespace tidemark::ui
