#include "ledgerstatements.h"

#include "error.h"

namespace tidemark::kudos {

LedgerStatements::LedgerStatements(PgConnection& db) : m_db(db) {}

qint64 LedgerStatements::write(const QString& partition, Micros lo, Micros hi) {
    if (lo % kMicrosPerDay != 0 || hi % kMicrosPerDay != 0)
        throw Error(Error::Kind::Failed, QStringLiteral("a statement range must be whole UTC days: [%1, %2)")
                                             .arg(formatIsoTimestamp(lo), formatIsoTimestamp(hi)));
    const std::vector<PgParam> bounds{utcParam(lo), utcParam(hi)};
    m_db.exec(QStringLiteral("DELETE FROM kudos_ledger_daily WHERE day >= $1::timestamp::date"
                             " AND day < $2::timestamp::date"),
              bounds);
    return m_db
        .exec(QStringLiteral(
                  "INSERT INTO kudos_ledger_daily (user_id, escrow, entry_type, day, amount_sum, row_count)"
                  " SELECT user_id, escrow, entry_type, created::date, sum(amount), count(*) FROM %1"
                  " WHERE created >= $1::timestamp AND created < $2::timestamp GROUP BY 1, 2, 3, 4")
                  .arg(pgQuoteIdentifier(partition)),
              bounds)
        .affectedRows();
}

std::vector<StatementLine> LedgerStatements::statement(int userId, std::optional<Micros> from,
                                                       std::optional<Micros> to) {
    // Days before `stated` come from the daily table, the rest from the online rows.
    const PgResult r = m_db.exec(
        QStringLiteral(
            "WITH stated AS (SELECT coalesce(max(hi), '-infinity') AS through FROM kudos_retention_catalog"
            "   WHERE dataset = 'currency' AND state IN ('stated', 'exported', 'verified', 'dropped')),"
            " lines AS ("
            "   SELECT d.day, d.entry_type, d.escrow, d.amount_sum, d.row_count, true AS archived"
            "   FROM kudos_ledger_daily d, stated WHERE d.user_id = $1 AND d.day < stated.through"
            "   UNION ALL"
            "   SELECT l.created::date, l.entry_type, l.escrow, sum(l.amount), count(*), false"
            "   FROM kudos_ledger l, stated WHERE l.user_id = $1 AND l.created >= stated.through"
            "   GROUP BY 1, 2, 3)"
            " SELECT %1, entry_type, escrow, amount_sum::text, row_count, archived FROM lines"
            " WHERE ($2::timestamp IS NULL OR day >= $2::timestamp::date)"
            " AND ($3::timestamp IS NULL OR day < $3::timestamp)"
            " ORDER BY day, entry_type, escrow")
            .arg(microsOf(QStringLiteral("day::timestamp"))),
        {userId, from ? utcParam(*from) : PgParam(std::nullopt), to ? utcParam(*to) : PgParam(std::nullopt)});
    std::vector<StatementLine> lines;
    lines.reserve(r.rows());
    for (int i = 0; i < r.rows(); ++i) {
        StatementLine line;
        line.day = r.toLong(i, 0);
        line.entryType = r.text(i, 1);
        line.escrow = r.toBool(i, 2);
        line.amountCents = centsFromText(r.text(i, 3));
        line.rows = r.toLong(i, 4);
        line.archived = r.toBool(i, 5);
        lines.push_back(line);
    }
    return lines;
}

} // namespace tidemark::kudos
