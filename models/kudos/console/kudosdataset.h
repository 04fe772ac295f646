#pragma once

#include "datasetbase.h"
#include "error.h"
#include "kudosforecast.h"
#include "kudosreconcilejob.h"
#include "kudosrehearsal.h"
#include "kudosroundjob.h"
#include "kudossettings.h"
#include "kudosstatus.h"
#include "kudosswapjob.h"
#include "retentionreport.h"

#include <QObject>
#include <QPointer>
#include <functional>

namespace tidemark {
class TaskManager;
struct TaskProgress;
} // namespace tidemark

namespace tidemark::kudos {

class KudosTableSummaryModel;
class PartitionStatusModel;
class QuarantineModel;
class ReconciliationModel;
class RetentionIssueModel;

// The kudos dataset as the console holds it: its connection and archive, its settings (handed in as values,
// or the error naming the bad one), the clock of every eligibility decision, and the models that tasks fill:
// the ranges of both tables, incidents and alerts, the quarantine, the reconciliation. It runs the jobs of
// the area (KudosRoundJob, KudosSwapJob, KudosReconcileJob, KudosRehearsalJob: the ones the CLI runs) as
// tasks of its DatasetBase and decides what follows them (a reload after a round, a swap or a rehearsal). A
// new connection or a failed load empties every model, the preview and the last reports. Not a widget; the
// kudos workbench calls it and observes it.
class KudosDataset : public DatasetBase {
    Q_OBJECT
  public:
    // The default settings until setSettings() or setSettingsError() (the console's settings, read at start).
    explicit KudosDataset(TaskManager* tasks, QObject* parent = nullptr);

    KudosTableSummaryModel* tables() const { return m_tables; } // every table: the dock's summary
    PartitionStatusModel* partitions() const { return m_partitions; }
    RetentionIssueModel* issues() const { return m_issues; }
    QuarantineModel* quarantine() const { return m_quarantine; }
    ReconciliationModel* reconciliation() const { return m_reconciliation; }
    const KudosStatus& status() const { return m_status; } // the last load (one loader feeds every model)

    // "" disconnects. A new connection (or archive) reloads. `displayName` names the server in task titles
    // (sourceName(); the conninfo when it is "").
    void setConnection(const QString& conninfo, const QString& archiveUrl, const QString& displayName = {});
    const QString& conninfo() const { return m_conninfo; }
    const QString& archiveUrl() const { return m_archiveUrl; }
    bool isConnected() const { return !m_conninfo.isEmpty(); }
    void reload();
    bool isLoading() const { return m_loadSlot.busy(); }
    // Reconciles (a KudosReconcileJob task; default: against the newest snapshot); `reconciled` or
    // `reconcileFailed` follows.
    void reconcile(const KudosReconcileOptions& options = {});
    bool isReconciling() const { return m_reconcileSlot.busy(); }
    // Takes a balance snapshot, then reconciles against it (one task).
    void takeSnapshot();
    const KudosReconcileReport& lastReconcile() const { return m_lastReconcile; }

    // A retention round (a KudosRoundJob task): the whole round, one action, or the plan (dry run). Refused
    // without a connection, with a settings error or while a round runs (false). `roundFinished` follows,
    // also after a cancel (report.cancelled: what was committed stays); then the alerts of the round replace
    // those of the load and the ranges reload. `roundFailed` when the job threw.
    bool startRound(bool oneStep, bool dryRun = false);
    // Preview: a dry run that makes a plan (the actions a round would take, with their rows and digests);
    // `roundFinished` follows with report.dryRun and report.units, kept as preview() until a Run applies it,
    // the connection or the settings change. Apply: a round that does exactly preview()'s actions (each
    // re-checked after its locks); its report's unitOutcomes say what became of each. False when refused
    // (as startRound, and apply without a preview).
    bool startPreview();
    bool startApply();
    const std::optional<KudosPlanUnits>& preview() const { return m_preview; }
    void clearPreview() { m_preview.reset(); }
    void pauseRound();
    void resumeRound();
    void cancelRound();
    int roundTask() const { return m_roundSlot.id; } // the TaskManager's id, 0 when none
    bool isRoundRunning() const { return m_roundSlot.busy(); }
    const RetentionReport& lastReport() const { return m_lastReport; }

    // The partition swap (a KudosSwapJob task; a dry run only plans). `swapped` follows (and a reload after a
    // swap that ran), or `swapFailed`.
    bool startSwap(bool dryRun);
    bool isSwapping() const { return m_swapSlot.busy(); }
    const KudosSwapReport& lastSwap() const { return m_lastSwap; }

    // The database the last load read (the server's current_database()), "" before one: what a rehearsal's
    // copy name must equal.
    const QString& databaseName() const { return m_status.database; }
    // The rehearsal on a restored copy (a KudosRehearsalJob task, as `tidemark-cli kudos rehearse`):
    // `copyName` must be databaseName() (the job refuses another), writes go to a scratch archive of its own
    // unless `workspaceArchive` (then to archiveUrl()). `rehearsed` follows, also after a cancel, or
    // `rehearsalFailed` (a refusal too); then a reload, as the rehearsal swaps and drops on the copy. Refused
    // without a connection, with a settings error or while one runs (false).
    bool startRehearsal(const QString& copyName, double maxLockMillis, bool workspaceArchive = false);
    void cancelRehearsal();
    bool isRehearsing() const { return m_rehearsalSlot.busy(); }
    int rehearsalTask() const { return m_rehearsalSlot.id; } // the TaskManager's id, 0 when none
    const KudosRehearsalReport& lastRehearsal() const { return m_lastRehearsal; }

    // The read-only capacity forecast at now() (a KudosForecastJob task): `forecastReady` follows with the
    // report (its history and projection are what the Capacity view plots), or `forecastFailed` (a cancel
    // too). Refused without a connection, with a settings error or while a forecast runs (false).
    bool startForecast();
    bool isForecasting() const { return m_forecastSlot.busy(); }
    int forecastTask() const { return m_forecastSlot.id; } // the TaskManager's id, 0 when none
    const KudosForecast& lastForecast() const { return m_lastForecast; }

    const KudosSettings& settings() const { return m_settings; }
    void setSettings(const KudosSettings& settings); // valid settings; clears a settings error

    // Tests; default nowMicros. `allowAhead`: a clock ahead of the server's is not refused (a rehearsal on a
    // copy, RetentionOptions::allowClockAhead).
    void setClock(std::function<Micros()> clock, bool allowAhead = false);
    bool clockAheadAllowed() const { return m_clockAheadAllowed; }

  signals:
    void connectionChanged(const QString& conninfo);
    void loadingStarted();
    void loaded();
    void loadFailed(const tidemark::Error& error);
    void reconciled();
    void reconcileFailed(const tidemark::Error& error);
    void roundStarted(bool oneStep);
    void roundProgressed(const tidemark::TaskProgress& progress);
    void roundPaused(bool paused); // from the Jobs dock too
    void roundFinished(const tidemark::kudos::RetentionReport& report);
    void roundFailed(const tidemark::Error& error);
    void swapped(const tidemark::kudos::KudosSwapReport& report);
    void swapFailed(const tidemark::Error& error);
    void forecastReady(const tidemark::kudos::KudosForecast& forecast);
    void forecastFailed(const tidemark::Error& error);
    void rehearsalProgressed(const tidemark::TaskProgress& progress);
    void rehearsed(const tidemark::kudos::KudosRehearsalReport& report);
    void rehearsalFailed(const tidemark::Error& error);

  protected:
    void clearModels() override;
    void taskProgressed(int taskId, const TaskProgress& progress) override;
    void taskPaused(int taskId, bool paused) override;

  private:
    bool launchRound(KudosRoundRequest request, bool oneStep);
    std::vector<RetentionAlert> archiveAlerts() const;
    void showAlerts(const std::vector<RetentionAlert>& alerts);

    KudosTableSummaryModel* m_tables;
    PartitionStatusModel* m_partitions;
    RetentionIssueModel* m_issues;
    QuarantineModel* m_quarantine;
    ReconciliationModel* m_reconciliation;
    KudosStatus m_status;
    QString m_conninfo;
    QString m_archiveUrl;
    KudosSettings m_settings;
    bool m_clockAheadAllowed = false;
    std::vector<RetentionAlert> m_roundAlerts;
    TaskSlot m_loadSlot;
    TaskSlot m_reconcileSlot;
    TaskSlot m_roundSlot;
    TaskSlot m_swapSlot;
    TaskSlot m_forecastSlot;
    TaskSlot m_rehearsalSlot;
    RetentionReport m_lastReport;
    std::optional<KudosPlanUnits> m_preview;
    KudosSwapReport m_lastSwap;
    KudosReconcileReport m_lastReconcile;
    KudosForecast m_lastForecast;
    KudosRehearsalReport m_lastRehearsal;
};

} // namespace tidemark::kudos
