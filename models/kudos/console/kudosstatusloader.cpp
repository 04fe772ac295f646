#include "kudosstatusloader.h"

#include "archivestore.h"
#include "archiveurl.h"
#include "error.h"
#include "kudosschema.h"
#include "pgconnection.h"
#include "retentionjob.h"
#include "schemamigrator.h"
#include "taskfeedback.h"

#include <QCoreApplication>

namespace tidemark::kudos {

KudosStatusLoader::KudosStatusLoader(QString conninfo, QString archiveUrl, KudosSettings settings)
    : m_conninfo(std::move(conninfo)), m_archiveUrl(std::move(archiveUrl)), m_settings(settings) {}

KudosStatus KudosStatusLoader::load(Micros now, TaskFeedback& feedback) const {
    auto db = PgConnection::open(m_conninfo, QStringLiteral("tidemark kudos workbench"));
    SchemaMigrator(*db, kudos::kudosSchema()).requireSchema();
    KudosStatus status;
    status.database = db->exec(QStringLiteral("SELECT current_database()")).text(0, 0);
    feedback.reportProgress(0.05, QCoreApplication::translate("KudosStatusLoader", "counting the tables"));
    status.tables = KudosTableSummaryLoader(*db).load(feedback);
    if (!feedback.checkpoint())
        return status;
    feedback.reportProgress(0.4, QCoreApplication::translate("KudosStatusLoader", "counting the ranges"));
    try {
        status.partitions = PartitionStatusLoader(*db, m_settings).load(feedback);
    } catch (const Error& error) {
        if (error.kind() != Error::Kind::Schema)
            throw;
        status.partitionProblem = error.message();
    }
    if (!feedback.checkpoint())
        return status;
    if (status.partitionProblem.isEmpty()) {
        feedback.reportProgress(0.7, QCoreApplication::translate("KudosStatusLoader", "incidents"));
        status.incidents = RetentionJob::incidents(*db, m_settings, now);
        status.quarantine = loadQuarantine(*db);
    }
    feedback.reportProgress(0.9, QCoreApplication::translate("KudosStatusLoader", "archive"));
    loadArchive(status);
    return status;
}

std::vector<QuarantineRow> KudosStatusLoader::loadQuarantine(PgConnection& db) const {
    const QString columns = QStringLiteral("id, %1, user_id, worker_user_id, coalesce(stat_action, ''), "
                                           "amount::text, unit, coalesce(quarantine_reason, '')")
                                .arg(microsOf(QStringLiteral("created")));
    const PgResult r = db.exec(
        QStringLiteral("SELECT %1, 'kudos_stat_quarantine', false FROM kudos_stat_quarantine"
                       " UNION ALL"
                       " SELECT %1, tableoid::regclass::text, true FROM kudos_stat_events WHERE quarantined"
                       " ORDER BY 2, 1 LIMIT $1")
            .arg(columns),
        {kQuarantineLimit});
    std::vector<QuarantineRow> rows;
    rows.reserve(std::size_t(r.rows()));
    for (int i = 0; i < r.rows(); ++i) {
        QuarantineRow row;
        row.id = r.toLong(i, 0);
        row.created = r.toLong(i, 1);
        if (!r.isNull(i, 2))
            row.userId = int(r.toLong(i, 2));
        if (!r.isNull(i, 3))
            row.workerUserId = int(r.toLong(i, 3));
        row.statAction = r.text(i, 4);
        row.amountCents = centsFromText(r.text(i, 5));
        row.unit = r.text(i, 6);
        row.reason = r.text(i, 7);
        row.where = r.text(i, 8);
        row.online = r.toBool(i, 9);
        rows.push_back(row);
    }
    return rows;
}

void KudosStatusLoader::loadArchive(KudosStatus& status) const {
    status.tiers = {{RetentionDataset::Currency, -1, m_settings.currencyBudgetBytes},
                    {RetentionDataset::Statistics, -1, m_settings.statisticsBudgetBytes}};
    if (m_archiveUrl.isEmpty()) {
        status.archiveProblem = QCoreApplication::translate(
            "KudosStatusLoader", "no archive is configured (TIDEMARK_ARCHIVE_URL or --archive)");
        return;
    }
    try {
        const std::unique_ptr<archive::ArchiveStore> store = archive::openArchiveStore(m_archiveUrl);
        status.archive = store->describe();
        for (ArchiveTierUse& tier : status.tiers)
            tier.usedBytes = store->usedBytes(datasetName(tier.dataset) + QLatin1Char('/'));
    } catch (const Error& error) {
        status.archiveProblem = error.message();
    }
}

} // namespace tidemark::kudos
