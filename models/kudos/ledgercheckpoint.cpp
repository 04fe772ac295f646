#include "ledgercheckpoint.h"

#include "error.h"
#include "pgtransaction.h"
#include "retentionstop.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace tidemark::kudos {

QByteArray CheckpointResult::totalsJson() const {
    return QJsonDocument(QJsonObject{{QStringLiteral("rows"), rows},
                                     {QStringLiteral("users"), users},
                                     {QStringLiteral("applied_balance"), textFromCents(balanceCents)},
                                     {QStringLiteral("applied_escrow"), textFromCents(escrowCents)}})
        .toJson(QJsonDocument::Compact);
}

LedgerCheckpoint::LedgerCheckpoint(PgConnection& db) : m_db(db) {}

CheckpointResult LedgerCheckpoint::checkpoint(const QString& partition, Micros lo, Micros hi) {
    const QString table = pgQuoteIdentifier(partition);
    const QString range = QStringLiteral("created >= $1::timestamp AND created < $2::timestamp");
    const std::vector<PgParam> bounds{utcParam(lo), utcParam(hi)};
    const QString where = QStringLiteral("[%1, %2)").arg(formatIsoTimestamp(lo), formatIsoTimestamp(hi));

    const PgResult state =
        m_db.exec(QStringLiteral("SELECT %1 FROM kudos_checkpoint_state WHERE id = 1 FOR UPDATE")
                      .arg(microsOf(QStringLiteral("boundary"))));
    if (state.rows() != 1)
        throw Error(Error::Kind::Schema, QStringLiteral("kudos_checkpoint_state has no row (id 1)"));
    if (state.isNull(0, 0)) {
        const PgResult older = m_db.exec(
            QStringLiteral(
                "SELECT count(*) FROM (SELECT 1 FROM kudos_ledger WHERE created < $1::timestamp LIMIT 1) o"),
            {utcParam(lo)});
        if (older.toLong(0, 0) > 0)
            throw Error(
                Error::Kind::Refused,
                QStringLiteral("the first checkpoint would start at %1 but kudos_ledger has older rows")
                    .arg(formatIsoTimestamp(lo)));
    } else if (state.toLong(0, 0) != lo) {
        throw Error(Error::Kind::Refused, QStringLiteral("checkpoints reach %1; %2 %3 does not start there")
                                              .arg(formatIsoTimestamp(state.toLong(0, 0)), partition, where));
    }

    const PgResult unapplied = m_db.exec(
        QStringLiteral("SELECT count(*) FROM %1 WHERE NOT applied AND %2").arg(table, range), bounds);
    if (unapplied.toLong(0, 0) > 0)
        throw RetentionStop(RetentionStop::Reason::UnappliedRows,
                            QStringLiteral("%1 holds %2 unapplied ledger row(s) in %3")
                                .arg(partition)
                                .arg(unapplied.toLong(0, 0))
                                .arg(where));

    const PgResult written = m_db.exec(
        QStringLiteral(
            "WITH s AS (SELECT user_id, count(*) AS n,"
            "   coalesce(sum(amount) FILTER (WHERE NOT escrow AND entry_type <> 'RECONCILIATION'), 0) AS "
            "balance,"
            "   coalesce(sum(amount) FILTER (WHERE escrow AND entry_type <> 'RECONCILIATION'), 0) AS escrow"
            "   FROM %1 WHERE %2 GROUP BY user_id),"
            " w AS (INSERT INTO kudos_ledger_checkpoints (user_id, boundary, applied_balance_total,"
            "   applied_escrow_total)"
            "   SELECT s.user_id, $2::timestamp, coalesce(prev.balance, 0) + s.balance,"
            "   coalesce(prev.escrow, 0) + s.escrow FROM s LEFT JOIN LATERAL ("
            "     SELECT c.applied_balance_total AS balance, c.applied_escrow_total AS escrow"
            "     FROM kudos_ledger_checkpoints c WHERE c.user_id = s.user_id AND c.boundary <= $1::timestamp"
            "     ORDER BY c.boundary DESC LIMIT 1) prev ON true RETURNING 1)"
            " SELECT (SELECT count(*) FROM w), coalesce(sum(n), 0), coalesce(sum(balance), 0)::text,"
            " coalesce(sum(escrow), 0)::text FROM s")
            .arg(table, range),
        bounds);
    m_db.exec(QStringLiteral("UPDATE kudos_checkpoint_state SET boundary = $1::timestamp WHERE id = 1"),
              {utcParam(hi)});
    CheckpointResult result;
    result.users = written.toLong(0, 0);
    result.rows = written.toLong(0, 1);
    result.balanceCents = centsFromText(written.text(0, 2));
    result.escrowCents = centsFromText(written.text(0, 3));
    return result;
}

int LedgerCheckpoint::rebuild() {
    PgTransaction transaction(m_db, {QStringLiteral("REPEATABLE READ"), 0, 0, {}});
    const PgResult floor = m_db.exec(QStringLiteral(
        "SELECT max(hi) FROM kudos_retention_catalog WHERE dataset = 'currency' AND state = 'dropped'"));
    const PgParam kept = floor.isNull(0, 0) ? PgParam(std::nullopt) : PgParam(floor.text(0, 0));
    m_db.exec(QStringLiteral("DELETE FROM kudos_ledger_checkpoints WHERE $1::timestamp IS NULL"
                             " OR boundary > $1::timestamp"),
              {kept});
    const int generation = static_cast<int>(
        m_db.exec(QStringLiteral("UPDATE kudos_checkpoint_state SET boundary = $1::timestamp,"
                                 " generation = generation + 1 WHERE id = 1 RETURNING generation"),
                  {kept})
            .toLong(0, 0));
    const PgResult ranges = m_db.exec(
        QStringLiteral("SELECT partition_name, %1, %2 FROM kudos_retention_catalog WHERE dataset = 'currency'"
                       " AND state IN ('checkpointed', 'stated', 'exported', 'verified') ORDER BY lo")
            .arg(microsOf(QStringLiteral("lo")), microsOf(QStringLiteral("hi"))));
    for (int i = 0; i < ranges.rows(); ++i)
        checkpoint(ranges.text(i, 0), ranges.toLong(i, 1), ranges.toLong(i, 2));
    transaction.commit();
    return generation;
}

} // namespace tidemark::kudos
