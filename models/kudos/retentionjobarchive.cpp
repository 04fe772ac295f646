// The kudos retention job's archive steps: a statistic range's dump, a currency range's export and its
// verify, each bounded by the tier's budget (RetentionJob's second file).
#include "retentionjob.h"

#include "archivestore.h"
#include "archiveverifier.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "partitionexporter.h"
#include "retentionstop.h"
#include "taskfeedback.h"

namespace tidemark::kudos {

namespace {

archive::ExportSource sourceOf(const CatalogEntry& e) {
    archive::ExportSource source;
    source.tier = datasetName(e.dataset);
    source.table = datasetTable(e.dataset);
    source.partition = e.partition;
    source.lo = e.lo;
    source.hi = e.hi;
    return source;
}

} // namespace

std::function<void(qint64)> RetentionJob::budgetCheck(RetentionDataset dataset) const {
    const qint64 budget = dataset == RetentionDataset::Currency ? m_settings.currencyBudgetBytes
                                                                : m_settings.statisticsBudgetBytes;
    if (budget <= 0)
        return {};
    const QString setting = dataset == RetentionDataset::Currency
                                ? QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES")
                                : QStringLiteral("KUDOS_ARCHIVE_BUDGET_STATISTICS_BYTES");
    return [this, budget, setting, dataset](qint64 bytes) {
        const qint64 used = m_store->usedBytes(datasetName(dataset) + QLatin1Char('/'));
        if (used + bytes > budget)
            throw RetentionStop(
                RetentionStop::Reason::OverBudget,
                QStringLiteral("%1 = %2 bytes would be exceeded: the %3 tier holds %4 bytes and the"
                               " object measures %5 bytes; raise the budget or evict by hand")
                    .arg(setting)
                    .arg(budget)
                    .arg(datasetName(dataset))
                    .arg(used)
                    .arg(bytes));
    };
}

RetentionStepResult RetentionJob::dump(const RetentionAction& action, Micros now, TaskFeedback& feedback) {
    recheckPlannedAlone(action);
    CatalogEntry e = action.entry;
    QString failure;
    try {
        const archive::ExportResult exported =
            archive::PartitionExporter(m_db, *m_store, kudosArchiveLayout(), m_settings.zstdLevel,
                                       m_settings.archiveReadLimits)
                .exportRange(sourceOf(e), now, feedback, budgetCheck(e.dataset));
        e.state = QStringLiteral("dumped");
        e.archiveKey = exported.objectKey;
        e.objectSha256 = exported.objectSha256;
        e.objectBytes = exported.objectBytes;
    } catch (const Error& error) {
        // Unreachable or over budget: the dump waits (the caller raises the alert). Anything else: the dump
        // is best effort and its failure is recorded; the rollup is the durable replacement.
        if (error.kind() == Error::Kind::Connection || error.kind() == Error::Kind::Cancelled ||
            dynamic_cast<const RetentionStop*>(&error))
            throw;
        m_db.rollbackQuietly();
        e.state = QStringLiteral("dump_failed");
        failure = error.message();
    }
    beginTransaction("READ COMMITTED");
    RetentionCatalog catalog(m_db);
    catalog.advance(e, action.entry.state);
    if (!failure.isEmpty())
        catalog.setError(e, failure);
    commit(action);
    RetentionStepResult result;
    result.state = e.state;
    result.rows = e.rowCount.value_or(0);
    result.bytes = e.objectBytes.value_or(0);
    result.detail =
        failure.isEmpty() ? e.archiveKey : QStringLiteral("dump failed (the drop goes on): ") + failure;
    return result;
}

RetentionStepResult RetentionJob::exportCurrency(const RetentionAction& action, Micros now,
                                                 TaskFeedback& feedback) {
    recheckPlannedAlone(action);
    const archive::ExportResult exported =
        archive::PartitionExporter(m_db, *m_store, kudosArchiveLayout(), m_settings.zstdLevel,
                                   m_settings.archiveReadLimits)
            .exportRange(sourceOf(action.entry), now, feedback, budgetCheck(action.entry.dataset));
    if (action.entry.rowCount && exported.rows != *action.entry.rowCount)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("the export holds %1 rows but the checkpoint counted %2")
                        .arg(exported.rows)
                        .arg(*action.entry.rowCount));
    CatalogEntry e = action.entry;
    e.state = action.to;
    e.archiveKey = exported.objectKey;
    e.objectSha256 = exported.objectSha256;
    e.objectBytes = exported.objectBytes;
    beginTransaction("READ COMMITTED");
    return finish(action, e, exported.rows,
                  exported.adopted
                      ? QStringLiteral("%1 (found complete from an earlier run)").arg(e.archiveKey)
                      : e.archiveKey);
}

archive::ArchiveManifest RetentionJob::checkArchived(const CatalogEntry& e, bool online,
                                                     TaskFeedback& feedback, qint64* rows) {
    if (e.archiveKey.isEmpty())
        throw Error(Error::Kind::Refused, QStringLiteral("%1 has no archive object").arg(e.describe()));
    const archive::VerifyResult verified =
        archive::ArchiveVerifier(*m_store, kudosArchiveLayout(), m_settings.archiveReadLimits)
            .verify(e.archiveKey, online ? &m_db : nullptr, feedback);
    if (verified.cancelled)
        throw Error(Error::Kind::Cancelled,
                    QStringLiteral("the verify of %1 was cancelled").arg(e.archiveKey));
    if (!verified.ok)
        throw Error(Error::Kind::Refused,
                    QStringLiteral("%1 does not verify: %2")
                        .arg(e.archiveKey, verified.problems.join(QStringLiteral("; "))));
    if (!e.objectSha256.isEmpty() && verified.manifest.objectSha256 != e.objectSha256)
        throw Error(Error::Kind::Refused,
                    QStringLiteral("%1 is not the object the catalog recorded (sha256 %2)")
                        .arg(e.archiveKey, e.objectSha256));
    if (rows)
        *rows = verified.rows;
    return verified.manifest;
}

RetentionStepResult RetentionJob::verify(const RetentionAction& action, TaskFeedback& feedback) {
    recheckPlannedAlone(action);
    qint64 rows = 0;
    checkArchived(action.entry, true, feedback, &rows);
    CatalogEntry e = action.entry;
    e.state = action.to;
    beginTransaction("READ COMMITTED");
    return finish(action, e, rows, QStringLiteral("object, manifest and online rows agree"));
}

} // namespace tidemark::kudos
