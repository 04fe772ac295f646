#include "rangedigest.h"

#include "pgconnection.h"

namespace tidemark::kudos {

namespace {

// The hashes summed in SQL as numeric and taken mod 2^64 there, so that the text is an unsigned 64-bit value.
QString sumOf(const QString& filter) {
    return QStringLiteral("((coalesce(sum(h)%1, 0) %% 18446744073709551616 + 18446744073709551616)"
                          " %% 18446744073709551616)::text")
        .replace(QStringLiteral("%%"), QStringLiteral("%"))
        .arg(filter);
}

RowsDigest digestAt(const PgResult& r, int rowsColumn, int sumColumn) {
    RowsDigest d;
    d.rows = r.toLong(0, rowsColumn);
    d.sum = r.text(0, sumColumn).toULongLong();
    return d;
}

} // namespace

QString RowsDigest::text() const {
    return QStringLiteral("%1:%2").arg(rows).arg(sum, 16, 16, QLatin1Char('0'));
}

RangeDigest::RangeDigest(PgConnection& db) : m_db(db) {}

bool RangeDigest::readsKeptRows(const RetentionAction& action) {
    return action.entry.dataset == RetentionDataset::Statistics && action.to != QLatin1String("rolled_up");
}

RowsDigest RangeDigest::of(const RetentionAction& action) {
    const QString table = pgQuoteIdentifier(action.entry.partition);
    QStringList where;
    std::vector<PgParam> params;
    if (action.to != QLatin1String("dropped")) {
        where << QStringLiteral("created >= $1::timestamp AND created < $2::timestamp");
        params = {utcParam(action.entry.lo), utcParam(action.entry.hi)};
    }
    if (readsKeptRows(action))
        where << QStringLiteral("NOT quarantined");
    const PgResult r = m_db.exec(
        QStringLiteral("SELECT count(*), %1 FROM (SELECT hash_record_extended(t, 0) AS h FROM %2 t %3) s")
            .arg(sumOf(QString()), table,
                 where.isEmpty() ? QString()
                                 : QStringLiteral("WHERE ") + where.join(QStringLiteral(" AND "))),
        params);
    return digestAt(r, 0, 1);
}

RangeDigest::Range RangeDigest::range(RetentionDataset dataset, const QString& partition, Micros lo,
                                      Micros hi) {
    const QString kept =
        dataset == RetentionDataset::Statistics ? QStringLiteral("NOT quarantined") : QStringLiteral("true");
    const PgResult r = m_db.exec(
        QStringLiteral(
            "SELECT count(*), %1, count(*) FILTER (WHERE kept), %2 FROM (SELECT hash_record_extended(t, 0)"
            " AS h, %3 AS kept FROM %4 t WHERE created >= $1::timestamp AND created < $2::timestamp) s")
            .arg(sumOf(QString()), sumOf(QStringLiteral(" FILTER (WHERE kept)")), kept,
                 pgQuoteIdentifier(partition)),
        {utcParam(lo), utcParam(hi)});
    return {digestAt(r, 0, 1), digestAt(r, 2, 3)};
}

} // namespace tidemark::kudos
