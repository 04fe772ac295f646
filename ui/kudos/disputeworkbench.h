#pragma once

#include "disputecase.h"
#include "workbench.h"

#include <QWidget>
#include <vector>

class QCompleter;
class QDateEdit;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QStandardItemModel;
class QTabWidget;
class QTableView;
class QTimer;

namespace tidemark {
struct TaskProgress;
}
namespace tidemark::kudos {
class DisputeCase;
struct KudosUser;
} // namespace tidemark::kudos

namespace tidemark::ui {

class ArchiveObjectPanel;
class DrillChoiceMenu;
class DrillCoverageLabel;
class DrillResultsView;

// The dispute investigation (the "Archive & disputes" workbench): pick a user and a range of days; see the
// user's daily statement, the archive objects that cover the range with the user's totals in each, verify
// them (the manifest and the result beside them), restore them into the local restore file (progress,
// cancel; by default every object holding the user's rows, a selection narrows it, the button says how
// many), drill them (the selected ones, a sample or the whole catalog, restored into a scratch file and
// compared with the daily statements; each drilled object's result listed, the last drill of each and the
// drills' coverage of the archive shown), and browse, filter and export as CSV the user's rows, restored
// and online.
class DisputeWorkbench : public QWidget, public Workbench {
    Q_OBJECT
  public:
    explicit DisputeWorkbench(kudos::DisputeCase* dispute, QWidget* parent = nullptr);

    // The Workbench interface (the main window's).
    QWidget* widget() override { return this; }
    QString title() const override;
    std::optional<WorkspaceDataset> workspaceDataset() const override {
        return WorkspaceDataset::Kudos; // read on the kudos connection and its archive
    }
    kudos::DisputeCase* dataset() const override { return m_case; }
    std::vector<QAbstractButton*> commandButtons(WorkbenchCommand command) const override;
    QString helpPage() const override { return QStringLiteral("disputes.md"); }

    // The query fields (user, first and last day, UTC) and Investigate. The user field takes a user id,
    // username#id (what its completer offers), a username or an OAuth id; Investigate resolves it.
    void setQuery(int userId, const QDate& first, const QDate& last);
    void setQuery(const QString& user, const QDate& first, const QDate& last);
    void investigate();
    void verifySelected();
    // The selected objects, or when none is selected every object holding the user's rows
    // (DisputeCase::holdingKeys); the button's text says which and how many.
    void restoreSelected();
    void cancelRestore();
    void drillSelected(); // the selected objects, or a sample of the archive when none is selected
    void drillSample();   // a sample of the job's default size, the never drilled first
    void drillAll();      // every object of the catalog
    void cancelDrill();
    void selectObject(int modelRow);
    bool exportRows(const QString& path); // false with the error shown

    kudos::DisputeCase* dispute() const { return m_case; }
    QTableView* statementTable() const { return m_statement; }
    QTableView* objectTable() const { return m_objects; }
    QTableView* rowTable() const { return m_rows; }
    ArchiveObjectPanel* objectPanel() const { return m_objectPanel; }
    QProgressBar* restoreProgress() const { return m_progress; } // the restore's and the drill's
    QPushButton* investigateButton() const { return m_investigate; }
    QPushButton* restoreButton() const { return m_restore; }
    QPushButton* drillButton() const { return m_drill; } // pops drillMenu() up
    DrillChoiceMenu* drillMenu() const { return m_drillMenu; }
    DrillResultsView* drillResults() const { return m_drillResults; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLineEdit* rowFilter() const { return m_filter; }
    QLineEdit* userField() const { return m_user; }
    // Fed from `users` as the operator types (a prefix, at most 50): each line "username#id · OAuth id".
    QCompleter* userCompleter() const { return m_userCompleter; }
    QString summaryText() const;
    QString statementTotalsText() const;
    QString rowTotalsText() const;
    QString restoreStatusText() const; // the last restore's or drill's outcome
    QString coverageText() const;      // "Drills: 2 of 3 object(s) proven within 35 days · …"
    // What the object list shows: "All 30 archive objects of the kudos ledger in …" before an
    // investigation, "The 3 archive objects that cover … (2 of them hold rows of user …)" after one.
    QString objectsCaptionText() const;

  signals:
    void investigated();
    void rowsShown(int rows);
    void restoreFinished(bool succeeded);
    void drillFinished(bool passed); // false after a failure, a failed object or a cancel
    void failed(const QString& message);

  private:
    void showFindings();
    void showRows();
    void showSelectedObject(); // the first selected, else the current one
    void updateRestoreButton();
    void chooseDrill();
    void drillStarting(const QString& status); // the status line and the progress bar of a new drill
    void showLeftOut(); // after a failed restore: what it left out, once the rows are read again
    void showCoverage();
    void showListing(); // the object list's caption and columns, as DisputeCase::listing() says
    void showArchive(); // the whole archive was listed
    void showCompletions(const QString& prefix, const std::vector<kudos::KudosUser>& users);
    void showProgress(const TaskProgress& progress); // of the restore or the drill
    void jobEnded(bool done, const QString& summary);
    void jobFailed(const QString& message);
    void updateJobButtons();
    QStringList selectedKeys() const;

    kudos::DisputeCase* m_case;
    QLineEdit* m_user;
    QCompleter* m_userCompleter;
    QStandardItemModel* m_userCompletions;
    QTimer* m_userTyping; // the completion waits for a pause in the typing
    QDateEdit* m_first;
    QDateEdit* m_last;
    QPushButton* m_investigate;
    QLabel* m_summary;
    QTableView* m_statement;
    QLabel* m_statementTotals;
    QLabel* m_objectsCaption;
    QTableView* m_objects;
    QSortFilterProxyModel* m_objectProxy;
    QPushButton* m_verify;
    QPushButton* m_restore;
    QPushButton* m_drill;
    DrillChoiceMenu* m_drillMenu;
    DrillResultsView* m_drillResults;
    bool m_restoreFailed = false; // the rows read next say what the failed restore left out
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_restoreStatus;
    DrillCoverageLabel* m_coverage;
    ArchiveObjectPanel* m_objectPanel;
    QTabWidget* m_evidence; // the archive objects, the user's rows, the drill's results
    QLineEdit* m_filter;
    QSortFilterProxyModel* m_rowProxy;
    QTableView* m_rows;
    QLabel* m_rowTotals;
    QPushButton* m_export;
};

} // namespace tidemark::ui
