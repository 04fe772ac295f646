#include "kudosdataset.h"

#include "kudosforecastjob.h"
#include "kudosroundjob.h"
#include "kudosstatusloader.h"
#include "kudostablesummarymodel.h"
#include "partitionstatusmodel.h"
#include "quarantinemodel.h"
#include "reconciliationmodel.h"
#include "retentionissuemodel.h"
#include "taskmanager.h"

#include <QCryptographicHash>
#include <QJsonDocument>

namespace tidemark::kudos {

KudosDataset::KudosDataset(TaskManager* tasks, QObject* parent)
    : DatasetBase(tasks, parent), m_tables(new KudosTableSummaryModel(this)),
      m_partitions(new PartitionStatusModel(this)), m_issues(new RetentionIssueModel(this)),
      m_quarantine(new QuarantineModel(this)), m_reconciliation(new ReconciliationModel(this)) {}

void KudosDataset::setConnection(const QString& conninfo, const QString& archiveUrl,
                                 const QString& displayName) {
    m_conninfo = conninfo;
    m_archiveUrl = archiveUrl;
    changeSource(conninfo.isEmpty() ? QString() : displayName.isEmpty() ? conninfo : displayName);
    emit connectionChanged(m_conninfo);
    reload();
}

void KudosDataset::clearModels() {
    m_preview.reset();
    m_status = {};
    m_roundAlerts.clear();
    m_lastForecast = {};
    m_lastRehearsal = {};
    m_lastReport = {};
    m_lastSwap = {};
    m_lastReconcile = {};
    m_tables->clear();
    m_partitions->clear();
    m_issues->setIncidents({});
    m_issues->setAlerts({});
    m_quarantine->setRows({});
    m_reconciliation->clear();
}

void KudosDataset::setSettings(const KudosSettings& settings) {
    m_settings = settings;
    m_preview.reset();
    acceptSettings();
}

void KudosDataset::setClock(std::function<Micros()> clock, bool allowAhead) {
    DatasetBase::setClock(std::move(clock));
    m_clockAheadAllowed = allowAhead;
}

std::vector<RetentionAlert> KudosDataset::archiveAlerts() const {
    if (m_status.archiveProblem.isEmpty())
        return {};
    return {{RetentionDataset::Currency, RetentionAlert::Cause::ArchiveUnavailable,
             tr("The archive is not reachable (%1): currency retention and its drops wait.")
                 .arg(m_status.archiveProblem)},
            {RetentionDataset::Statistics, RetentionAlert::Cause::ArchiveUnavailable,
             tr("The archive is not reachable (%1): statistic dumps and drops wait.")
                 .arg(m_status.archiveProblem)}};
}

void KudosDataset::showAlerts(const std::vector<RetentionAlert>& alerts) {
    m_roundAlerts = alerts;
    m_issues->setAlerts(alerts.empty() ? archiveAlerts() : alerts);
}

void KudosDataset::reload() {
    if (m_conninfo.isEmpty())
        return;
    emit loadingStarted();
    Task<KudosStatus> task;
    task.title = tr("Load the kudos partitions of %1").arg(sourceName());
    const Micros at = now();
    task.work = [loader = KudosStatusLoader(m_conninfo, m_archiveUrl, m_settings),
                 at](TaskFeedback& feedback) { return loader.load(at, feedback); };
    task.summarize = [](const KudosStatus& status) {
        return tr("%Ln range(s)", "", int(status.partitions.size()));
    };
    run<KudosStatus>(
        std::move(task), m_loadSlot,
        [this, at](const KudosStatus& status) {
            m_status = status;
            m_tables->setTables(status.tables);
            m_partitions->setStatuses(status.partitions, at);
            m_issues->setIncidents(status.incidents);
            m_issues->setAlerts(m_roundAlerts.empty() ? archiveAlerts() : m_roundAlerts);
            m_quarantine->setRows(status.quarantine);
            emit loaded();
        },
        [this](const Error& error) {
            clearAll(); // nothing of the last load stays beside the error
            emit loadFailed(error);
        });
}

void KudosDataset::takeSnapshot() {
    KudosReconcileOptions options;
    options.takeSnapshot = true;
    reconcile(options);
}

void KudosDataset::reconcile(const KudosReconcileOptions& options) {
    if (m_conninfo.isEmpty() || m_reconcileSlot.busy())
        return;
    KudosReconcileRequest request;
    request.conninfo = m_conninfo;
    request.settings = m_settings;
    request.now = now();
    request.allowClockAhead = m_clockAheadAllowed;
    request.options = options;
    Task<KudosReconcileReport> task;
    task.title = options.takeSnapshot
                     ? tr("Take a kudos balance snapshot of %1 and reconcile against it").arg(sourceName())
                     : tr("Reconcile the kudos balances of %1").arg(sourceName());
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return KudosReconcileJob::run(request, feedback); };
    task.summarize = [](const KudosReconcileReport& report) {
        return tr("%Ln user(s) drifting", "", int(report.reconciliation.usersDrifting));
    };
    run<KudosReconcileReport>(
        std::move(task), m_reconcileSlot,
        [this](const KudosReconcileReport& report) {
            m_lastReconcile = report;
            if (!report.cancelled)
                m_reconciliation->setReport(report.reconciliation);
            emit reconciled();
        },
        [this](const Error& error) { emit reconcileFailed(error); });
}

bool KudosDataset::startRound(bool oneStep, bool dryRun) {
    KudosRoundRequest request;
    request.dryRun = dryRun;
    return launchRound(request, oneStep);
}

bool KudosDataset::startPreview() {
    KudosRoundRequest request;
    request.dryRun = true;
    request.collectUnits = true;
    return launchRound(request, false);
}

bool KudosDataset::startApply() {
    if (!m_preview)
        return false;
    KudosRoundRequest request;
    request.plan = m_preview;
    request.planSha256 = QString::fromLatin1(
        QCryptographicHash::hash(QJsonDocument(m_preview->toJson()).toJson(QJsonDocument::Compact),
                                 QCryptographicHash::Sha256)
            .toHex());
    return launchRound(request, false);
}

bool KudosDataset::launchRound(KudosRoundRequest request, bool oneStep) {
    if (m_conninfo.isEmpty() || m_roundSlot.busy() || !settingsError().isEmpty())
        return false;
    request.conninfo = m_conninfo;
    request.archiveUrl = m_archiveUrl;
    request.settings = m_settings;
    request.now = now();
    request.allowClockAhead = m_clockAheadAllowed;
    request.oneStep = oneStep;
    const bool dryRun = request.dryRun;
    const bool preview = request.collectUnits;
    Task<RetentionReport> task;
    task.title = request.plan ? tr("Kudos retention: apply the previewed plan on %1").arg(sourceName())
                 : dryRun     ? tr("Kudos retention: the plan for %1").arg(sourceName())
                 : oneStep    ? tr("Kudos retention: one step on %1").arg(sourceName())
                              : tr("Kudos retention round on %1").arg(sourceName());
    task.pausable = true;
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return KudosRoundJob::run(request, feedback); };
    task.summarize = [](const RetentionReport& report) {
        return tr("%Ln action(s) done", "", int(report.done.size())) + QStringLiteral(", ") +
               tr("%Ln alert(s)", "", int(report.alerts.size()));
    };
    run<RetentionReport>(
        std::move(task), m_roundSlot,
        [this, preview](const RetentionReport& report) {
            m_lastReport = report;
            if (preview && !report.cancelled)
                m_preview = report.units;
            if (!report.dryRun) {
                m_preview.reset(); // a round or an apply: the plan is spent
                showAlerts(report.alerts);
                reload();
            }
            emit roundFinished(report);
        },
        [this](const Error& error) {
            reload();
            emit roundFailed(error);
        });
    emit roundStarted(oneStep);
    return true;
}

void KudosDataset::pauseRound() {
    pause(m_roundSlot);
}

void KudosDataset::resumeRound() {
    resume(m_roundSlot);
}

void KudosDataset::cancelRound() {
    cancel(m_roundSlot);
}

bool KudosDataset::startSwap(bool dryRun) {
    if (m_conninfo.isEmpty() || m_swapSlot.busy() || !settingsError().isEmpty())
        return false;
    KudosSwapRequest request;
    request.conninfo = m_conninfo;
    request.settings = m_settings;
    request.now = now();
    request.dryRun = dryRun;
    Task<KudosSwapReport> task;
    task.title = dryRun ? tr("Plan the kudos partition swap of %1").arg(sourceName())
                        : tr("Partition the kudos tables of %1").arg(sourceName());
    task.pausable = !dryRun;
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return KudosSwapJob::run(request, feedback); };
    task.summarize = [](const KudosSwapReport& report) {
        return tr("%Ln step(s) done", "", int(report.swap.stepsDone.size()));
    };
    run<KudosSwapReport>(
        std::move(task), m_swapSlot,
        [this](const KudosSwapReport& report) {
            m_lastSwap = report;
            if (!report.dryRun)
                reload();
            emit swapped(report);
        },
        [this](const Error& error) { emit swapFailed(error); });
    return true;
}

bool KudosDataset::startForecast() {
    if (m_conninfo.isEmpty() || m_forecastSlot.busy() || !settingsError().isEmpty())
        return false;
    KudosForecastRequest request;
    request.conninfo = m_conninfo;
    request.archiveUrl = m_archiveUrl;
    request.settings = m_settings;
    request.now = now();
    Task<KudosForecast> task;
    task.title = tr("Forecast the kudos capacity of %1").arg(sourceName());
    task.work = [request](TaskFeedback& feedback) { return KudosForecastJob::run(request, feedback); };
    task.summarize = [](const KudosForecast& forecast) {
        return tr("%Ln step(s) in the next run", "", int(forecast.nextRun.size()));
    };
    run<KudosForecast>(
        std::move(task), m_forecastSlot,
        [this](const KudosForecast& forecast) {
            m_lastForecast = forecast;
            emit forecastReady(forecast);
        },
        [this](const Error& error) { emit forecastFailed(error); });
    return true;
}

bool KudosDataset::startRehearsal(const QString& copyName, double maxLockMillis, bool workspaceArchive) {
    if (m_conninfo.isEmpty() || m_rehearsalSlot.busy() || !settingsError().isEmpty())
        return false;
    KudosRehearsalRequest request;
    request.conninfo = m_conninfo;
    request.copyName = copyName;
    request.archiveUrl = workspaceArchive ? m_archiveUrl : QString();
    request.settings = m_settings;
    request.maxLockMillis = maxLockMillis;
    request.now = now();
    Task<KudosRehearsalReport> task;
    task.title = tr("Rehearse retention on the copy %1").arg(copyName);
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return KudosRehearsalJob::run(request, feedback); };
    task.summarize = [](const KudosRehearsalReport& report) {
        return report.cancelled ? tr("cancelled") : report.go() ? tr("go") : tr("not yet");
    };
    run<KudosRehearsalReport>(
        std::move(task), m_rehearsalSlot,
        [this](const KudosRehearsalReport& report) {
            m_lastRehearsal = report;
            reload();
            emit rehearsed(report);
        },
        [this](const Error& error) {
            reload();
            emit rehearsalFailed(error);
        });
    return true;
}

void KudosDataset::cancelRehearsal() {
    cancel(m_rehearsalSlot);
}

// Progress of the round and the rehearsal, and pauses of the round, from the Jobs dock as well as from the
// workbench.
void KudosDataset::taskProgressed(int taskId, const TaskProgress& progress) {
    if (holds(m_roundSlot, taskId))
        emit roundProgressed(progress);
    else if (holds(m_rehearsalSlot, taskId))
        emit rehearsalProgressed(progress);
}

void KudosDataset::taskPaused(int taskId, bool paused) {
    if (holds(m_roundSlot, taskId))
        emit roundPaused(paused);
}

} // namespace tidemark::kudos
