#pragma once

#include "error.h"
#include "retentionreport.h"

#include "kudosdataset.h"
#include "workbench.h"

#include <QPointer>
#include <QWidget>
#include <functional>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTabWidget;
class QTextBrowser;

namespace tidemark::kudos {
class KudosDataset;
}

namespace tidemark::ui {

class BudgetPanel;
class KudosCapacityPanel;
class KudosRoundPanel;
class PartitionTimeline;
class ReconciliationPanel;
class RehearsalDialog;

// The kudos console: the ranges of both tables as a timeline and a table (range, rows, unapplied,
// quarantined, state, eligible date, archive object and size), and the areas Round (run, step one, pause,
// resume, cancel, progress, last report), Budget, Incidents & alerts, Quarantine, Reconciliation and
// Disclosure. It shows the KudosDataset and asks it for rounds and reconciliations; every database access is
// a task the dataset starts, so a round shows in the Jobs dock and pauses or cancels from there too.
class KudosWorkbench : public QWidget, public Workbench {
    Q_OBJECT
  public:
    explicit KudosWorkbench(kudos::KudosDataset* dataset, QWidget* parent = nullptr);

    // The Workbench interface (the main window's).
    QWidget* widget() override { return this; }
    QString title() const override;
    std::optional<WorkspaceDataset> workspaceDataset() const override { return WorkspaceDataset::Kudos; }
    std::vector<QAbstractButton*> commandButtons(WorkbenchCommand command) const override;
    QString helpPage() const override { return QStringLiteral("kudos.md"); }
    void openAt(const QString& partition) override; // selects the partition's range

    // Preview: a dry run whose plan the Round area lists; a Run after it applies that plan, once the
    // confirmation (its counts) is accepted. A Run without a preview is a round.
    void preview();
    void runRound();
    void stepOnePartition();
    // Tests: answers the confirmation of a plan's Run instead of a message box (the question is the
    // argument).
    void setConfirmation(std::function<bool(const QString&)> confirm) { m_confirm = std::move(confirm); }
    void pauseRound();
    void resumeRound();
    void cancelRound();
    void reconcile();
    // Rehearse…: opens (or raises) the rehearsal dialog, one per workbench, kept while it runs and after.
    RehearsalDialog* openRehearsal();
    RehearsalDialog* rehearsalDialog() const; // nullptr before the first Rehearse…
    void selectPartition(int modelRow);       // selects the row in the table and the block in the timeline
    int selectedPartition() const;            // the model row, -1 none

    kudos::KudosDataset* dataset() const override { return m_dataset; }
    PartitionTimeline* timeline() const { return m_timeline; }
    QTableView* partitionTable() const { return m_table; }
    QTableView* issueTable() const { return m_issues; }
    QTableView* quarantineTable() const { return m_quarantine; }
    QTextBrowser* disclosure() const { return m_disclosure; }
    KudosRoundPanel* roundPanel() const { return m_roundPanel; }
    BudgetPanel* budgetPanel() const { return m_budgetPanel; }
    KudosCapacityPanel* capacityPanel() const { return m_capacityPanel; }
    ReconciliationPanel* reconciliationPanel() const { return m_reconciliationPanel; }
    QTabWidget* areas() const { return m_areas; }
    QPushButton* swapButton() const { return m_swap; }
    QString summaryText() const;
    int roundTask() const; // the TaskManager's id, 0 when none
    bool isRoundRunning() const;
    const kudos::RetentionReport& lastReport() const;

  signals:
    void loaded(int ranges);
    void roundFinished(bool succeeded); // false: cancelled or failed
    void failed(const tidemark::Error& error);

  private:
    void start(bool oneStep);
    void showStatus();
    void settingsChanged();
    void roundFinishedWith(const kudos::RetentionReport& report);

    kudos::KudosDataset* m_dataset;

    QLabel* m_settingsBanner;
    QLabel* m_summary;
    QPushButton* m_swap; // shown while the tables are not partitioned
    PartitionTimeline* m_timeline;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QTabWidget* m_areas;
    KudosRoundPanel* m_roundPanel;
    BudgetPanel* m_budgetPanel;
    KudosCapacityPanel* m_capacityPanel;
    QTableView* m_issues;
    QTableView* m_quarantine;
    ReconciliationPanel* m_reconciliationPanel;
    QTextBrowser* m_disclosure;
    QPointer<RehearsalDialog> m_rehearsal;
    std::function<bool(const QString&)> m_confirm;
    QString m_loadProblem; // why the last load failed: rounds are refused until one succeeds
};

} // namespace tidemark::ui
