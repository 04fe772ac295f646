#include "roundhistory.h"

#include "pgconnection.h"

namespace tidemark::positions {

RoundHistory::RoundHistory(PgConnection& db) : m_db(db) {}

void RoundHistory::ensureTable() {
    m_db.exec(QStringLiteral("CREATE TABLE IF NOT EXISTS tidemark_round_history ("
                             " id bigserial PRIMARY KEY,"
                             " started_at timestamptz NOT NULL,"
                             " dry_run boolean NOT NULL,"
                             " complete boolean NOT NULL,"
                             " cancelled boolean NOT NULL,"
                             " budget_exhausted boolean NOT NULL,"
                             " window_closed boolean NOT NULL,"
                             " mowers integer NOT NULL,"
                             " slices bigint NOT NULL,"
                             " scanned bigint NOT NULL,"
                             " deleted bigint NOT NULL,"
                             " age_deleted bigint NOT NULL,"
                             " slices_pending bigint NOT NULL,"
                             " seconds double precision NOT NULL)"));
}

void RoundHistory::append(Micros startedAt, const RoundReport& r) {
    m_db.exec(
        QStringLiteral("INSERT INTO tidemark_round_history (started_at, dry_run, complete, cancelled,"
                       " budget_exhausted, window_closed, mowers, slices, scanned, deleted, age_deleted,"
                       " slices_pending, seconds)"
                       " VALUES ($1::timestamptz, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"),
        {formatIsoTimestamp(startedAt), r.dryRun, r.complete, r.cancelled, r.budgetExhausted, r.windowClosed,
         r.mowers, r.slices, r.scanned, r.deleted, r.ageDeleted, r.slicesPending, r.seconds});
}

std::vector<RoundHistoryEntry> RoundHistory::latest(int limit) {
    std::vector<RoundHistoryEntry> out;
    const PgResult exists =
        m_db.exec(QStringLiteral("SELECT to_regclass('tidemark_round_history') IS NOT NULL"));
    if (!exists.toBool(0, 0))
        return out;
    const PgResult r = m_db.exec(
        QStringLiteral(
            "SELECT * FROM (SELECT (extract(epoch FROM started_at) * 1000000)::bigint, dry_run, complete,"
            " cancelled, budget_exhausted, window_closed, mowers, slices, scanned, deleted, age_deleted,"
            " slices_pending, seconds, id FROM tidemark_round_history ORDER BY id DESC LIMIT $1) h"
            " ORDER BY id"),
        {limit});
    for (int i = 0; i < r.rows(); ++i) {
        RoundHistoryEntry e;
        e.startedAt = r.toLong(i, 0);
        e.dryRun = r.toBool(i, 1);
        e.complete = r.toBool(i, 2);
        e.cancelled = r.toBool(i, 3);
        e.budgetExhausted = r.toBool(i, 4);
        e.windowClosed = r.toBool(i, 5);
        e.mowers = int(r.toLong(i, 6));
        e.slices = r.toLong(i, 7);
        e.scanned = r.toLong(i, 8);
        e.deleted = r.toLong(i, 9);
        e.ageDeleted = r.toLong(i, 10);
        e.slicesPending = r.toLong(i, 11);
        e.seconds = r.toDouble(i, 12);
        out.push_back(e);
    }
    return out;
}

} // namespace tidemark::positions
