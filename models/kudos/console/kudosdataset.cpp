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
    : QObject(parent), m_tasks(tasks), m_manager(tasks), m_tables(new KudosTableSummaryModel(this)),
      m_partitions(new PartitionStatusModel(this)), m_issues(new RetentionIssueModel(this)),
      m_quarantine(new QuarantineModel(this)), m_reconciliation(new ReconciliationModel(this)) {
    watchTasks();
}

KudosDataset::~KudosDataset() {
    if (m_roundTask && m_manager)
        m_manager->cancel(m_roundTask);
    if (m_forecastTask && m_manager)
        m_manager->cancel(m_forecastTask);
}

void KudosDataset::setConnection(const QString& conninfo, const QString& archiveUrl,
                                 const QString& displayName) {
    m_conninfo = conninfo;
    m_archiveUrl = archiveUrl;
    m_preview.reset();
    m_displayName = displayName.isEmpty() ? conninfo : displayName;
    ++m_generation;
    ++m_connection;
    m_status = {};
    m_roundAlerts.clear();
    m_lastForecast = {};
    m_tables->clear();
    m_partitions->clear();
    m_issues->setIncidents({});
    m_issues->setAlerts({});
    m_quarantine->setRows({});
    m_reconciliation->clear();
    emit connectionChanged(m_conninfo);
    reload();
}

void KudosDataset::setSettings(const KudosSettings& settings) {
    m_settings = settings;
    m_settingsError.clear();
    m_preview.reset();
    emit settingsChanged();
}

void KudosDataset::setSettingsError(const QString& message) {
    m_settingsError = message;
    emit settingsChanged();
}

void KudosDataset::setClock(std::function<Micros()> clock, bool allowAhead) {
    m_clock = std::move(clock);
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
    const int generation = ++m_generation;
    m_loading = true;
    emit loadingStarted();
    Task<KudosStatus> task;
    task.title = tr("Load the kudos partitions of %1").arg(m_displayName);
    const Micros at = now();
    task.work = [loader = KudosStatusLoader(m_conninfo, m_archiveUrl, m_settings),
                 at](TaskFeedback& feedback) { return loader.load(at, feedback); };
    task.summarize = [](const KudosStatus& status) {
        return tr("%Ln range(s)", "", int(status.partitions.size()));
    };
    m_tasks->start<KudosStatus>(
        std::move(task), this,
        [this, generation, at](const KudosStatus& status) {
            if (generation != m_generation)
                return;
            m_loading = false;
            m_status = status;
            m_tables->setTables(status.tables);
            m_partitions->setStatuses(status.partitions, at);
            m_issues->setIncidents(status.incidents);
            m_issues->setAlerts(m_roundAlerts.empty() ? archiveAlerts() : m_roundAlerts);
            m_quarantine->setRows(status.quarantine);
            emit loaded();
        },
        [this, generation](const Error& error) {
            if (generation != m_generation)
                return;
            m_loading = false;
            emit loadFailed(error);
        });
}

void KudosDataset::takeSnapshot() {
    KudosReconcileOptions options;
    options.takeSnapshot = true;
    reconcile(options);
}

void KudosDataset::reconcile(const KudosReconcileOptions& options) {
    if (m_conninfo.isEmpty() || m_reconcileTask)
        return;
    KudosReconcileRequest request;
    request.conninfo = m_conninfo;
    request.settings = m_settings;
    request.now = now();
    request.allowClockAhead = m_clockAheadAllowed;
    request.options = options;
    Task<KudosReconcileReport> task;
    task.title = options.takeSnapshot
                     ? tr("Take a kudos balance snapshot of %1 and reconcile against it").arg(m_displayName)
                     : tr("Reconcile the kudos balances of %1").arg(m_displayName);
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return KudosReconcileJob::run(request, feedback); };
    task.summarize = [](const KudosReconcileReport& report) {
        return tr("%Ln user(s) drifting", "", int(report.reconciliation.usersDrifting));
    };
    const int connection = m_connection;
    m_reconcileTask = m_tasks->start<KudosReconcileReport>(
        std::move(task), this,
        [this, connection](const KudosReconcileReport& report) {
            m_reconcileTask = 0;
            if (connection != m_connection)
                return;
            m_lastReconcile = report;
            if (!report.cancelled)
                m_reconciliation->setReport(report.reconciliation);
            emit reconciled();
        },
        [this](const Error& error) {
            m_reconcileTask = 0;
            emit reconcileFailed(error);
        });
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
    if (m_conninfo.isEmpty() || m_roundTask || !m_settingsError.isEmpty())
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
    task.title = request.plan ? tr("Kudos retention: apply the previewed plan on %1").arg(m_displayName)
                 : dryRun     ? tr("Kudos retention: the plan for %1").arg(m_displayName)
                 : oneStep    ? tr("Kudos retention: one step on %1").arg(m_displayName)
                              : tr("Kudos retention round on %1").arg(m_displayName);
    task.pausable = true;
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return KudosRoundJob::run(request, feedback); };
    task.summarize = [](const RetentionReport& report) {
        return tr("%Ln action(s) done", "", int(report.done.size())) + QStringLiteral(", ") +
               tr("%Ln alert(s)", "", int(report.alerts.size()));
    };
    const int connection = m_connection;
    m_roundTask = m_tasks->start<RetentionReport>(
        std::move(task), this,
        [this, connection, preview](const RetentionReport& report) {
            m_roundTask = 0;
            m_lastReport = report;
            if (connection == m_connection && preview && !report.cancelled)
                m_preview = report.units;
            if (connection == m_connection && !report.dryRun) {
                m_preview.reset(); // a round or an apply: the plan is spent
                showAlerts(report.alerts);
                reload();
            }
            emit roundFinished(report);
        },
        [this](const Error& error) {
            m_roundTask = 0;
            reload();
            emit roundFailed(error);
        });
    emit roundStarted(oneStep);
    return true;
}

void KudosDataset::pauseRound() {
    if (m_roundTask)
        m_tasks->pause(m_roundTask);
}

void KudosDataset::resumeRound() {
    if (m_roundTask)
        m_tasks->resume(m_roundTask);
}

void KudosDataset::cancelRound() {
    if (m_roundTask)
        m_tasks->cancel(m_roundTask);
}

bool KudosDataset::startSwap(bool dryRun) {
    if (m_conninfo.isEmpty() || m_swapTask || !m_settingsError.isEmpty())
        return false;
    KudosSwapRequest request;
    request.conninfo = m_conninfo;
    request.settings = m_settings;
    request.now = now();
    request.dryRun = dryRun;
    Task<KudosSwapReport> task;
    task.title = dryRun ? tr("Plan the kudos partition swap of %1").arg(m_displayName)
                        : tr("Partition the kudos tables of %1").arg(m_displayName);
    task.pausable = !dryRun;
    task.reportsCancel = true;
    task.work = [request](TaskFeedback& feedback) { return KudosSwapJob::run(request, feedback); };
    task.summarize = [](const KudosSwapReport& report) {
        return tr("%Ln step(s) done", "", int(report.swap.stepsDone.size()));
    };
    const int connection = m_connection;
    m_swapTask = m_tasks->start<KudosSwapReport>(
        std::move(task), this,
        [this, connection](const KudosSwapReport& report) {
            m_swapTask = 0;
            m_lastSwap = report;
            if (connection == m_connection && !report.dryRun)
                reload();
            emit swapped(report);
        },
        [this](const Error& error) {
            m_swapTask = 0;
            emit swapFailed(error);
        });
    return true;
}

bool KudosDataset::startForecast() {
    if (m_conninfo.isEmpty() || m_forecastTask || !m_settingsError.isEmpty())
        return false;
    KudosForecastRequest request;
    request.conninfo = m_conninfo;
    request.archiveUrl = m_archiveUrl;
    request.settings = m_settings;
    request.now = now();
    Task<KudosForecast> task;
    task.title = tr("Forecast the kudos capacity of %1").arg(m_displayName);
    task.work = [request](TaskFeedback& feedback) { return KudosForecastJob::run(request, feedback); };
    task.summarize = [](const KudosForecast& forecast) {
        return tr("%Ln step(s) in the next run", "", int(forecast.nextRun.size()));
    };
    const int connection = m_connection;
    m_forecastTask = m_tasks->start<KudosForecast>(
        std::move(task), this,
        [this, connection](const KudosForecast& forecast) {
            m_forecastTask = 0;
            if (connection != m_connection)
                return;
            m_lastForecast = forecast;
            emit forecastReady(forecast);
        },
        [this](const Error& error) {
            m_forecastTask = 0;
            emit forecastFailed(error);
        });
    return true;
}

// Progress and pauses of the round, from the Jobs dock as well as from the workbench.
void KudosDataset::watchTasks() {
    if (!m_tasks)
        return;
    connect(m_tasks, &TaskManager::progressed, this, [this](int taskId, const TaskProgress& progress) {
        if (taskId != 0 && taskId == m_roundTask)
            emit roundProgressed(progress);
    });
    connect(m_tasks->tasks(), &TaskListModel::stateChanged, this,
            [this](int taskId, TaskListModel::State state) {
                if (taskId == 0 || taskId != m_roundTask)
                    return;
                if (state == TaskListModel::State::Paused)
                    emit roundPaused(true);
                else if (state == TaskListModel::State::Running)
                    emit roundPaused(false);
            });
}

} // namespace tidemark::kudos
