#include "kudosdataset.h"

#include "kudosstatusloader.h"
#include "partitionstatusmodel.h"
#include "pgconnection.h"
#include "quarantinemodel.h"
#include "reconciliationmodel.h"
#include "retentionissuemodel.h"
#include "settingsreader.h"
#include "taskmanager.h"

namespace tidemark::kudos {

KudosDataset::KudosDataset(TaskManager* tasks, QObject* parent)
    : QObject(parent), m_tasks(tasks), m_partitions(new PartitionStatusModel(this)),
      m_issues(new RetentionIssueModel(this)), m_quarantine(new QuarantineModel(this)),
      m_reconciliation(new ReconciliationModel(this)) {
    try {
        m_settings = KudosSettings::read(SettingsReader::fromEnvironment());
    } catch (const Error& e) {
        m_settingsError = e.message();
    }
}

KudosDataset::~KudosDataset() = default;

void KudosDataset::setConnection(const QString& conninfo, const QString& archiveUrl,
                                 const QString& displayName) {
    m_conninfo = conninfo;
    m_archiveUrl = archiveUrl;
    m_displayName = displayName.isEmpty() ? conninfo : displayName;
    ++m_generation;
    m_status = {};
    m_roundAlerts.clear();
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
                 at](TaskFeedback& feedback) { return loader.load(at, &feedback); };
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
    if (m_conninfo.isEmpty() || m_reconcileTask)
        return;
    Task<QUuid> task;
    task.title = tr("Take a kudos balance snapshot of %1").arg(m_displayName);
    task.work = [conninfo = m_conninfo, at = now(), ahead = m_clockAheadAllowed](TaskFeedback&) {
        auto db = PgConnection::open(conninfo, QStringLiteral("tidemark kudos snapshot"));
        return Reconciliation(*db, ahead).takeSnapshot(at);
    };
    task.summarize = [](const QUuid& id) { return tr("snapshot %1").arg(id.toString(QUuid::WithoutBraces)); };
    m_reconcileTask = m_tasks->start<QUuid>(
        std::move(task), this,
        [this](const QUuid&) {
            m_reconcileTask = 0;
            reconcile();
        },
        [this](const Error& error) {
            m_reconcileTask = 0;
            emit reconcileFailed(error.message());
        });
}

void KudosDataset::reconcile() {
    if (m_conninfo.isEmpty() || m_reconcileTask)
        return;
    Task<ReconciliationReport> task;
    task.title = tr("Reconcile the kudos balances of %1").arg(m_displayName);
    task.work = [conninfo = m_conninfo, at = now(), ahead = m_clockAheadAllowed](TaskFeedback& feedback) {
        feedback.reportProgress(0.1, tr("comparing the balances"));
        auto db = PgConnection::open(conninfo, QStringLiteral("tidemark kudos reconciliation"));
        return Reconciliation(*db, ahead).run(std::nullopt, at);
    };
    task.summarize = [](const ReconciliationReport& report) {
        return tr("%Ln user(s) drifting", "", int(report.usersDrifting));
    };
    const int generation = m_generation;
    m_reconcileTask = m_tasks->start<ReconciliationReport>(
        std::move(task), this,
        [this, generation](const ReconciliationReport& report) {
            m_reconcileTask = 0;
            if (generation != m_generation)
                return;
            m_reconciliation->setReport(report);
            emit reconciled();
        },
        [this](const Error& error) {
            m_reconcileTask = 0;
            emit reconcileFailed(error.message());
        });
}

} // namespace tidemark::kudos
