#include "replacementcheck.h"

#include "archiveverifier.h"
#include "error.h"

#include <QJsonDocument>

namespace tidemark::kudos {

namespace {

const QString kRange = QStringLiteral("created >= $1::timestamp AND created < $2::timestamp");

QString rangeText(const CatalogEntry& e) {
    return QStringLiteral("%1 [%2, %3)").arg(e.partition, formatIsoTimestamp(e.lo), formatIsoTimestamp(e.hi));
}

QString signedCents(qint64 cents) {
    return (cents > 0 ? QStringLiteral("+") : QString()) + textFromCents(cents);
}

} // namespace

ReplacementCheck::ReplacementCheck(PgConnection& db) : m_db(db) {}

std::vector<ReplacementMismatch>
ReplacementCheck::compare(const QString& relation, const std::vector<CatalogEntry>& ranges,
                          const QHash<QString, archive::ArchiveManifest>& manifests, qint64* rows) {
    std::vector<ReplacementMismatch> mismatches;
    qint64 found = 0;
    if (ranges.empty())
        return mismatches;
    const QString table = pgQuoteIdentifier(relation);
    for (const CatalogEntry& e : ranges) {
        ReplacementMismatch m;
        m.entry = e;
        m.unapplied =
            m_db.exec(QStringLiteral("SELECT count(*) FROM %1 WHERE NOT applied AND %2").arg(table, kRange),
                      {utcParam(e.lo), utcParam(e.hi)})
                .toLong(0, 0);
        if (m.unapplied > 0)
            m.problems << QStringLiteral("%1 holds %2 unapplied row(s): the projector has not consumed them")
                              .arg(rangeText(e))
                              .arg(m.unapplied);
        if (e.dataset == RetentionDataset::Statistics) {
            found += compareStatistics(table, e, m);
        } else {
            const auto manifest = manifests.find(e.archiveKey);
            if (manifest == manifests.end())
                throw Error(Error::Kind::Failed,
                            QStringLiteral("%1: no verified manifest to compare with").arg(rangeText(e)));
            found += compareCurrency(relation, e, *manifest, m);
        }
        m.difference.insert(QStringLiteral("unapplied"), m.unapplied);
        if (!m.problems.isEmpty())
            mismatches.push_back(m);
    }
    // Rows that no catalogued range covers have no replacement at all.
    const PgResult outside = m_db.exec(
        QStringLiteral("SELECT count(*) FROM %1 WHERE created < $1::timestamp OR created >= $2::timestamp")
            .arg(table),
        {utcParam(ranges.front().lo), utcParam(ranges.back().hi)});
    if (outside.toLong(0, 0) > 0) {
        ReplacementMismatch m;
        m.entry = ranges.front();
        m.problems << QStringLiteral("%1 holds %2 row(s) outside its catalogued ranges [%3, %4)")
                          .arg(relation)
                          .arg(outside.toLong(0, 0))
                          .arg(formatIsoTimestamp(ranges.front().lo), formatIsoTimestamp(ranges.back().hi));
        m.difference.insert(QStringLiteral("rows_outside"), outside.toLong(0, 0));
        mismatches.push_back(m);
    }
    if (rows)
        *rows = found;
    return mismatches;
}

qint64 ReplacementCheck::compareStatistics(const QString& table, const CatalogEntry& e,
                                           ReplacementMismatch& m) {
    const std::vector<PgParam> bounds{utcParam(e.lo), utcParam(e.hi)};
    const PgResult rows =
        m_db.exec(QStringLiteral("SELECT count(*) FILTER (WHERE NOT quarantined),"
                                 " coalesce(sum(amount) FILTER (WHERE NOT quarantined), 0)::text,"
                                 " count(*) FILTER (WHERE quarantined) FROM %1 WHERE %2")
                      .arg(table, kRange),
                  bounds);
    const PgResult rollup =
        m_db.exec(QStringLiteral("SELECT coalesce(sum(row_count), 0), coalesce(sum(amount_sum), 0)::text"
                                 " FROM kudos_stat_rollups WHERE source_lo = $1::timestamp"
                                 " AND source_hi = $2::timestamp"),
                  bounds);
    const QJsonObject recorded = QJsonDocument::fromJson(e.totals).object();
    const qint64 recordedRows = recorded.value(QStringLiteral("rows")).toInteger(-1);
    const qint64 recordedCents =
        centsFromText(recorded.value(QStringLiteral("amount")).toString(QStringLiteral("0")));
    const qint64 found = rows.toLong(0, 0);
    const qint64 foundCents = centsFromText(rows.text(0, 1));
    const qint64 quarantined = rows.toLong(0, 2);
    const qint64 rollupRows = rollup.toLong(0, 0);
    const qint64 rollupCents = centsFromText(rollup.text(0, 1));
    if (found != recordedRows || foundCents != recordedCents)
        m.problems << QStringLiteral(
                          "%1: the rollup recorded %2 rows, Σ %3; the partition holds %4 rows, Σ %5 (%6 "
                          "rows, Σ %7): rows arrived or changed after the rollup")
                          .arg(rangeText(e))
                          .arg(recordedRows)
                          .arg(textFromCents(recordedCents))
                          .arg(found)
                          .arg(textFromCents(foundCents))
                          .arg((found > recordedRows ? QStringLiteral("+") : QString()) +
                               QString::number(found - recordedRows))
                          .arg(signedCents(foundCents - recordedCents));
    if (rollupRows != recordedRows || rollupCents != recordedCents)
        m.problems << QStringLiteral(
                          "%1: the rollup rows of the source hold %2 rows, Σ %3, not the %4 rows, Σ %5 "
                          "the rollup recorded")
                          .arg(rangeText(e))
                          .arg(rollupRows)
                          .arg(textFromCents(rollupCents))
                          .arg(recordedRows)
                          .arg(textFromCents(recordedCents));
    if (quarantined > 0)
        m.problems << QStringLiteral(
                          "%1 holds %2 quarantined row(s) behind its rollup (flagged after it: not "
                          "moved to kudos_stat_quarantine)")
                          .arg(rangeText(e))
                          .arg(quarantined);
    m.difference = {{QStringLiteral("recorded_rows"), recordedRows},
                    {QStringLiteral("rows"), found},
                    {QStringLiteral("recorded_amount"), textFromCents(recordedCents)},
                    {QStringLiteral("amount"), textFromCents(foundCents)},
                    {QStringLiteral("rollup_rows"), rollupRows},
                    {QStringLiteral("rollup_amount"), textFromCents(rollupCents)},
                    {QStringLiteral("quarantined"), quarantined}};
    return found + quarantined;
}

qint64 ReplacementCheck::compareCurrency(const QString& relation, const CatalogEntry& e,
                                         const archive::ArchiveManifest& manifest, ReplacementMismatch& m) {
    qint64 rows = 0;
    const archive::ControlTotals totals =
        archive::ArchiveVerifier::onlineTotals(m_db, relation, manifest.columns, e.lo, e.hi, &rows);
    const qint64 checkpointed = e.rowCount.value_or(-1);
    if (rows != manifest.rowCount)
        m.problems << QStringLiteral(
                          "%1: the verified object %2 holds %3 rows; the partition holds %4 (%5): rows "
                          "arrived or were removed after the export")
                          .arg(rangeText(e), e.archiveKey)
                          .arg(manifest.rowCount)
                          .arg(rows)
                          .arg((rows > manifest.rowCount ? QStringLiteral("+") : QString()) +
                               QString::number(rows - manifest.rowCount));
    if (rows != checkpointed)
        m.problems << QStringLiteral("%1: the checkpoint counted %2 rows; the partition holds %3")
                          .arg(rangeText(e))
                          .arg(checkpointed)
                          .arg(rows);
    const QStringList users = archive::controlTotalsDifferences(
        manifest.totals, totals, QStringLiteral("archived"), QStringLiteral("online"));
    for (const QString& line : users)
        m.problems << QStringLiteral("%1: %2").arg(rangeText(e), line);
    int usersDiffering = 0;
    for (auto it = manifest.totals.begin(); it != manifest.totals.end(); ++it)
        usersDiffering += totals.value(it.key()) == *it ? 0 : 1;
    for (auto it = totals.begin(); it != totals.end(); ++it)
        usersDiffering += manifest.totals.contains(it.key()) ? 0 : 1;
    m.difference = {{QStringLiteral("recorded_rows"), manifest.rowCount},
                    {QStringLiteral("rows"), rows},
                    {QStringLiteral("checkpoint_rows"), checkpointed},
                    {QStringLiteral("users_differing"), usersDiffering},
                    {QStringLiteral("archive_key"), e.archiveKey}};
    return rows;
}

} // namespace tidemark::kudos
