#pragma once

#include "error.h"
#include "kudossettings.h"
#include "kudosstatus.h"
#include "reconciliation.h"

#include <QObject>
#include <functional>

namespace tidemark {
class TaskManager;
}

namespace tidemark::kudos {

class PartitionStatusModel;
class QuarantineModel;
class ReconciliationModel;
class RetentionIssueModel;

// The kudos dataset as the console holds it: its connection and archive, its settings (from the
// environment, or the error naming the bad one), the clock of every eligibility decision, and the models that
// tasks fill: the ranges of both tables, incidents and alerts, the quarantine, the reconciliation. Not a
// widget; the kudos workbench observes it.
class KudosDataset : public QObject {
    Q_OBJECT
  public:
    explicit KudosDataset(TaskManager* tasks, QObject* parent = nullptr);
    ~KudosDataset() override;

    TaskManager* tasks() const { return m_tasks; }
    PartitionStatusModel* partitions() const { return m_partitions; }
    RetentionIssueModel* issues() const { return m_issues; }
    QuarantineModel* quarantine() const { return m_quarantine; }
    ReconciliationModel* reconciliation() const { return m_reconciliation; }
    const KudosStatus& status() const { return m_status; } // tiers and archive of the last load

    // "" disconnects. A new connection (or archive) reloads. `displayName` names the server in task titles.
    void setConnection(const QString& conninfo, const QString& archiveUrl, const QString& displayName = {});
    const QString& conninfo() const { return m_conninfo; }
    const QString& archiveUrl() const { return m_archiveUrl; }
    const QString& displayName() const { return m_displayName; }
    bool isConnected() const { return !m_conninfo.isEmpty(); }
    void reload();
    bool isLoading() const { return m_loading; }
    // Reconciles against the newest snapshot (a task); `reconciled` or `reconcileFailed` follows.
    void reconcile();
    bool isReconciling() const { return m_reconcileTask != 0; }
    // Takes a balance snapshot (a task), then reconciles against it.
    void takeSnapshot();
    // The alerts of a round replace those of the load (the workbench hands them over).
    void showAlerts(const std::vector<RetentionAlert>& alerts);

    const KudosSettings& settings() const { return m_settings; }
    void setSettings(const KudosSettings& settings); // valid settings; clears a settings error
    // Why the environment's settings were refused ("" when valid): rounds are refused until then.
    const QString& settingsError() const { return m_settingsError; }
    void setSettingsError(const QString& message);

    // Tests; default nowMicros. `allowAhead`: a clock ahead of the server's is not refused (a rehearsal on a
    // copy, RetentionOptions::allowClockAhead).
    void setClock(std::function<Micros()> clock, bool allowAhead = false);
    Micros now() const { return m_clock ? m_clock() : nowMicros(); }
    bool clockAheadAllowed() const { return m_clockAheadAllowed; }

  signals:
    void connectionChanged(const QString& conninfo);
    void loadingStarted();
    void loaded();
    void loadFailed(const tidemark::Error& error);
    void reconciled();
    void reconcileFailed(const QString& message);
    void settingsChanged();

  private:
    std::vector<RetentionAlert> archiveAlerts() const;

    TaskManager* m_tasks;
    PartitionStatusModel* m_partitions;
    RetentionIssueModel* m_issues;
    QuarantineModel* m_quarantine;
    ReconciliationModel* m_reconciliation;
    KudosStatus m_status;
    QString m_conninfo;
    QString m_archiveUrl;
    QString m_displayName;
    KudosSettings m_settings;
    QString m_settingsError;
    std::function<Micros()> m_clock;
    bool m_clockAheadAllowed = false;
    std::vector<RetentionAlert> m_roundAlerts;
    int m_generation = 0;
    int m_reconcileTask = 0;
    bool m_loading = false;
};

} // namespace tidemark::kudos
