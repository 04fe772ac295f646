#pragma once

#include "error.h"
#include "homeplan.h"
#include "planapplyjob.h"
#include "plandialog.h"
#include "retentionplan.h"
#include "retentionplanjob.h"
#include "workbench.h"

#include <QPointer>
#include <QWidget>
#include <functional>

class QLabel;
class QListWidget;
class QPushButton;

namespace tidemark {
class TaskManager;
} // namespace tidemark

namespace tidemark::ui {

class HomeCard;

// The console's home, its first tab: what retention does next, what it did last and what needs a person,
// for the three datasets at once (the retention plan of spec/operations.md). The alerts at the top, then a
// card per dataset (positions, kudos, tracks: next run, backlog, last run, health); a click on an alert, a
// link in a card or a card's Open button asks for that workbench at the mower or partition it is about
// (openWorkbench). Its dataset, the HomePlan, computes the plan: the quick plan paints first (marked
// estimated), the exact one replaces it; a newer refresh drops an older plan, new connections clear it.
// setPlan alone renders a plan (no database). The exact plan is a plan to apply: Save plan… writes it as
// `plan --out` does, Open plan… shows a plan file and applies it as `tidemark-cli apply` does.
class HomeWorkbench : public QWidget, public Workbench {
    Q_OBJECT
  public:
    explicit HomeWorkbench(HomePlan* dataset, QWidget* parent = nullptr);

    // The Workbench interface (the main window's).
    QWidget* widget() override { return this; }
    QString title() const override;
    HomePlan* dataset() const override { return m_dataset; }
    std::vector<QAbstractButton*> commandButtons(WorkbenchCommand command) const override;
    QString helpPage() const override { return QStringLiteral("home.md"); }

    // Pure rendering: the cards and alerts of `plan` (plan.quick: marked estimated).
    void setPlan(const RetentionPlan& plan);
    const RetentionPlan& plan() const { return m_plan; }
    bool hasPlan() const { return m_hasPlan; }

    // What Refresh (the button, or refresh()) asks for: the connections, settings and clock of the moment.
    void setRequestSource(std::function<RetentionPlanRequest()> source);
    // The quick plan, then the exact one, as tasks; any plan still running is dropped.
    void refresh(const RetentionPlanRequest& request);
    void refresh(); // from the request source; nothing without one
    bool isRefreshing() const;
    // A workspace is being opened (the demo's start): the status says so instead of asking for a connection,
    // until the connections arrive ("" ends it).
    void setOpening(const QString& what);

    HomeCard* card(WorkspaceDataset dataset) const;
    QListWidget* alertList() const { return m_alerts; }
    QPushButton* refreshButton() const { return m_refresh; }
    QPushButton* savePlanButton() const { return m_savePlan; }
    QPushButton* openPlanButton() const { return m_openPlan; }
    // Save plan…: the exact plan shown, sealed (planfile::seal) and written to `path`; false with the reason
    // in the status when there is none to save or the file cannot be written.
    bool savePlan(const QString& path);
    // Open plan…: reads the file as a task, then shows it in a PlanDialog whose Apply runs PlanApplyJob on
    // the workspace's datasets (the request source's connections and settings).
    void openPlan(const QString& path);
    PlanDialog* planDialog() const { return m_planDialog; }
    QString statusText() const;
    QString markerText() const; // "" when the plan shown is exact and nothing computes
    QString alertsHeading() const;

  signals:
    // Open the dataset's workbench at `target`: a mower id (positions), a partition (kudos) or "" (the
    // workbench as it is).
    void openWorkbench(tidemark::WorkspaceDataset dataset, const QString& target);
    // A plan was rendered (quick: the estimate; the exact one follows).
    void planShown(bool quick);
    void refreshFailed(const tidemark::Error& error);
    // A plan file was opened (its units are shown beside the workbenches' own).
    void planOpened(const QString& path, const QJsonObject& plan);
    // An opened plan was applied (what it changed is in the datasets: they reload).
    void planApplied(const tidemark::PlanApplyReport& report);

  private:
    void showAlerts();
    void fitAlerts();
    void showStatus();
    void applyOpenedPlan();
    void clearPlan(); // the dataset's source changed: nothing of the last plan stays

    HomePlan* m_dataset;
    std::function<RetentionPlanRequest()> m_source;
    RetentionPlan m_plan;
    bool m_hasPlan = false;
    QString m_failure;
    QString m_progress;
    QLabel* m_title;
    QLabel* m_status;
    QLabel* m_marker;
    QPushButton* m_refresh;
    QPushButton* m_savePlan;
    QPushButton* m_openPlan;
    QPointer<PlanDialog> m_planDialog;
    QString m_fileNote; // what the last save or open said
    QString m_opening;  // what is being opened, while it is
    QLabel* m_alertsHeading;
    QListWidget* m_alerts;
    HomeCard* m_cards[3];
};

} // namespace tidemark::ui
