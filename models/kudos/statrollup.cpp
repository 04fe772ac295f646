#include "statrollup.h"

#include "error.h"
#include "retentionstop.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace tidemark::kudos {

namespace {
const QString kKeys = QStringLiteral(
    "entry_type, unit, stat_action, record, wp_type, user_id, worker_id, worker_user_id, team_id");
const QString kEventColumns = QStringLiteral(
    "id, created, event_id, entry_type, user_id, worker_user_id, worker_id, team_id, job_id, wp_type, amount,"
    " unit, stat_action, record, detail, applied, quarantined, quarantine_reason");
const QString kRange = QStringLiteral("created >= $1::timestamp AND created < $2::timestamp");
} // namespace

QByteArray RollupResult::totalsJson() const {
    return QJsonDocument(QJsonObject{{QStringLiteral("rows"), rows},
                                     {QStringLiteral("rollup_rows"), rollupRows},
                                     {QStringLiteral("quarantined"), quarantined},
                                     {QStringLiteral("amount"), textFromCents(amountCents)}})
        .toJson(QJsonDocument::Compact);
}

StatRollup::StatRollup(PgConnection& db) : m_db(db) {}

RollupResult StatRollup::rollUp(const QString& partition, Micros lo, Micros hi, Micros now) {
    const QString table = pgQuoteIdentifier(partition);
    const QString& range = kRange;
    const std::vector<PgParam> bounds{utcParam(lo), utcParam(hi)};

    const PgResult unapplied = m_db.exec(
        QStringLiteral("SELECT count(*) FROM %1 WHERE NOT applied AND %2").arg(table, range), bounds);
    if (unapplied.toLong(0, 0) > 0)
        throw RetentionStop(RetentionStop::Reason::UnappliedRows,
                            QStringLiteral("%1 holds %2 unapplied statistic row(s) in [%3, %4)")
                                .arg(partition)
                                .arg(unapplied.toLong(0, 0))
                                .arg(formatIsoTimestamp(lo), formatIsoTimestamp(hi)));

    m_db.exec(QStringLiteral("DELETE FROM kudos_stat_rollups WHERE source_lo = $1::timestamp"
                             " AND source_hi = $2::timestamp"),
              bounds);
    RollupResult result;
    result.quarantined =
        m_db.exec(QStringLiteral("WITH moved AS (DELETE FROM %1 WHERE quarantined AND %2 RETURNING %3)"
                                 " INSERT INTO kudos_stat_quarantine (%3, moved_at)"
                                 " SELECT %3, $3::timestamp FROM moved")
                      .arg(table, range, kEventColumns),
                  {utcParam(lo), utcParam(hi), utcParam(now)})
            .affectedRows();

    // One pass over the rows folds them by day and key and, as a second grouping set, by day alone: the
    // per-day totals come from the partition's rows, the per-key rows go into the table, and what the
    // INSERT returned must add up to the per-day totals (count, Σ, extremes, newest created).
    const PgResult check = m_db.exec(
        QStringLiteral(
            "WITH g AS (SELECT created::date AS day, %1, sum(amount) AS amount, count(*) AS n,"
            "   min(amount) AS lowest, max(amount) AS highest, max(created) AS newest,"
            "   GROUPING(entry_type) AS per_day"
            "   FROM %2 WHERE %3 AND NOT quarantined GROUP BY GROUPING SETS ((created::date, %1), "
            "(created::date))),"
            " w AS (INSERT INTO kudos_stat_rollups (source_lo, source_hi, day, %1, amount_sum, row_count,"
            "   amount_min, amount_max, created_max)"
            "   SELECT $1::timestamp, $2::timestamp, day, %1, amount, n, lowest, highest, newest FROM g"
            "   WHERE per_day = 0"
            "   RETURNING day, amount_sum, row_count, amount_min, amount_max, created_max),"
            " r AS (SELECT day, sum(row_count) AS n, sum(amount_sum) AS amount, min(amount_min) AS lowest,"
            "   max(amount_max) AS highest, max(created_max) AS newest, count(*) AS keys FROM w GROUP BY 1),"
            " p AS (SELECT day, n, amount, lowest, highest, newest FROM g WHERE per_day = 1)"
            " SELECT coalesce(sum(p.n), 0), coalesce(sum(p.amount), 0)::text, coalesce(sum(r.n), 0),"
            " coalesce(sum(r.amount), 0)::text,"
            " count(*) FILTER (WHERE (p.n, p.amount, p.lowest, p.highest, p.newest)"
            "   IS DISTINCT FROM (r.n, r.amount, r.lowest, r.highest, r.newest)),"
            " (min(coalesce(p.day, r.day)) FILTER (WHERE (p.n, p.amount, p.lowest, p.highest, p.newest)"
            "   IS DISTINCT FROM (r.n, r.amount, r.lowest, r.highest, r.newest)))::text,"
            " coalesce(sum(r.keys), 0)"
            " FROM p FULL JOIN r USING (day)")
            .arg(kKeys, table, range),
        bounds);
    result.rows = check.toLong(0, 0);
    result.amountCents = centsFromText(check.text(0, 1));
    result.rollupRows = check.toLong(0, 6);
    if (check.toLong(0, 4) > 0)
        throw Error(
            Error::Kind::Failed,
            QStringLiteral("the rollup of %1 [%2, %3) disagrees with the partition on %4 day(s), first %5:"
                           " %6 rows, Σ %7 there; %8 rows, Σ %9 in the rollup")
                .arg(partition, formatIsoTimestamp(lo), formatIsoTimestamp(hi), check.text(0, 4),
                     check.text(0, 5), check.text(0, 0), check.text(0, 1), check.text(0, 2),
                     check.text(0, 3)));
    return result;
}

qint64 StatRollup::rowsToWrite(const QString& partition, Micros lo, Micros hi) {
    return m_db
        .exec(QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM %1 WHERE %2 AND NOT quarantined"
                             " GROUP BY created::date, %3) g")
                  .arg(pgQuoteIdentifier(partition), kRange, kKeys),
              {utcParam(lo), utcParam(hi)})
        .toLong(0, 0);
}

} // namespace tidemark::kudos
