#include "kudossums.h"

#include "kudosvalues.h"
#include "pgconnection.h"

namespace tidemark::test {

using kudos::centsFromText;

Sums allTimeCurrency(PgConnection& db) {
    Sums sums;
    const PgResult r =
        db.exec(QStringLiteral("SELECT user_id, escrow, sum(amount)::text, count(*) FROM kudos_ledger"
                               " WHERE applied AND entry_type <> 'RECONCILIATION' GROUP BY 1, 2"));
    for (int i = 0; i < r.rows(); ++i)
        sums[r.text(i, 0) + (r.toBool(i, 1) ? QStringLiteral("/escrow") : QStringLiteral("/spendable"))] = {
            centsFromText(r.text(i, 2)), 0};
    return sums;
}

Sums checkpointPlusTail(PgConnection& db) {
    Sums sums;
    const PgResult r = db.exec(QStringLiteral("SELECT user_id, applied_balance_total::text, "
                                              "applied_escrow_total::text FROM kudos_applied_totals()"));
    for (int i = 0; i < r.rows(); ++i) {
        const qint64 balance = centsFromText(r.text(i, 1));
        const qint64 escrow = centsFromText(r.text(i, 2));
        if (balance != 0)
            sums[r.text(i, 0) + QStringLiteral("/spendable")] = {balance, 0};
        if (escrow != 0)
            sums[r.text(i, 0) + QStringLiteral("/escrow")] = {escrow, 0};
    }
    return sums;
}

Sums withoutZeros(Sums sums) {
    for (auto it = sums.begin(); it != sums.end();)
        it = it->second.first == 0 ? sums.erase(it) : std::next(it);
    return sums;
}

Sums statisticTotals(PgConnection& db) {
    Sums sums;
    // Rolled-up ranges are whole UTC days: the online rows fold to days before the ranges are excluded.
    const PgResult r = db.exec(QStringLiteral(
        "WITH rolled AS (SELECT DISTINCT source_lo, source_hi FROM kudos_stat_rollups),"
        " days AS (SELECT coalesce(user_id::text, worker_id::text) AS k, date_trunc('day', created) AS d,"
        "   sum(amount) AS a, count(*) AS n FROM kudos_stat_events GROUP BY 1, 2)"
        " SELECT k, sum(a)::text, sum(n)::bigint FROM ("
        " SELECT k, a, n FROM days WHERE NOT EXISTS (SELECT 1 FROM rolled r WHERE days.d >= r.source_lo"
        "   AND days.d < r.source_hi)"
        " UNION ALL SELECT coalesce(user_id::text, worker_id::text), amount_sum, row_count FROM "
        "kudos_stat_rollups"
        " UNION ALL SELECT coalesce(user_id::text, worker_id::text), amount, 1 FROM kudos_stat_quarantine) t"
        " GROUP BY k"));
    for (int i = 0; i < r.rows(); ++i)
        sums[r.text(i, 0)] = {centsFromText(r.text(i, 1)), r.toLong(i, 2)};
    return sums;
}

void applyEverything(PgConnection& db) {
    db.exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
    db.exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
}

} // namespace tidemark::test
