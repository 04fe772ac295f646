#include "roundhistory.h"

#include "pgconnection.h"

#include <QStringList>

namespace tidemark::positions {

RoundHistory::RoundHistory(PgConnection& db) : m_db(db) {}

void RoundHistory::ensureTable() {
    // The newest column is there: nothing to do (no DDL and its lock on every round or load).
    if (m_db.exec(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = "
                                 "to_regclass('tidemark_round_history') AND attname = 'plan_sha256' AND NOT "
                                 "attisdropped)"))
            .toBool(0, 0))
        return;
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
    // Columns added after the first release of the table; an older table gets them here.
    m_db.exec(
        QStringLiteral("ALTER TABLE tidemark_round_history"
                       " ADD COLUMN IF NOT EXISTS clock_override boolean NOT NULL DEFAULT false,"
                       " ADD COLUMN IF NOT EXISTS clock_ahead_seconds double precision NOT NULL DEFAULT 0,"
                       " ADD COLUMN IF NOT EXISTS failed_mowers integer NOT NULL DEFAULT 0,"
                       " ADD COLUMN IF NOT EXISTS interrupted text NOT NULL DEFAULT '',"
                       " ADD COLUMN IF NOT EXISTS paused_seconds double precision NOT NULL DEFAULT 0,"
                       " ADD COLUMN IF NOT EXISTS problems text NOT NULL DEFAULT '',"
                       " ADD COLUMN IF NOT EXISTS jobs integer NOT NULL DEFAULT 1,"
                       " ADD COLUMN IF NOT EXISTS plan_sha256 text NULL"));
}

void RoundHistory::append(Micros startedAt, const RoundReport& r) {
    ensureTable();
    QStringList problems;
    for (const MowerFailure& f : r.failures)
        problems << f.reason;
    m_db.exec(QStringLiteral(
                  "INSERT INTO tidemark_round_history (started_at, dry_run, complete, cancelled,"
                  " budget_exhausted, window_closed, mowers, slices, scanned, deleted, age_deleted,"
                  " slices_pending, seconds, clock_override, clock_ahead_seconds, failed_mowers, interrupted,"
                  " paused_seconds, problems, jobs, plan_sha256)"
                  " VALUES ($1::timestamptz, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,"
                  " $16, $17, $18, $19, $20, nullif($21, ''))"),
              {formatIsoTimestamp(startedAt),
               r.dryRun,
               r.complete,
               r.cancelled,
               r.budgetExhausted,
               r.windowClosed,
               r.mowers,
               r.slices,
               r.scanned,
               r.deleted,
               r.ageDeleted,
               r.slicesPending,
               r.seconds,
               r.clockOverride,
               r.clockAheadSeconds,
               static_cast<int>(r.failures.size()),
               r.interrupted,
               r.pausedSeconds,
               problems.join(QLatin1Char('\n')),
               r.jobs,
               r.planSha256});
}

std::vector<RoundHistoryEntry> RoundHistory::latest(int limit) {
    std::vector<RoundHistoryEntry> out;
    const PgResult exists =
        m_db.exec(QStringLiteral("SELECT to_regclass('tidemark_round_history') IS NOT NULL"));
    if (!exists.toBool(0, 0))
        return out;
    ensureTable(); // a table of an older version gets the newer columns

    const PgResult r = m_db.exec(
        QStringLiteral(
            "SELECT * FROM (SELECT (extract(epoch FROM started_at) * 1000000)::bigint, dry_run, complete,"
            " cancelled, budget_exhausted, window_closed, mowers, slices, scanned, deleted, age_deleted,"
            " slices_pending, seconds, clock_override, clock_ahead_seconds, failed_mowers, interrupted,"
            " paused_seconds, problems, jobs, coalesce(plan_sha256, ''), id FROM tidemark_round_history "
            "ORDER BY id DESC LIMIT $1) h"
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
        e.clockOverride = r.toBool(i, 13);
        e.clockAheadSeconds = r.toDouble(i, 14);
        e.failedMowers = int(r.toLong(i, 15));
        e.interrupted = r.text(i, 16);
        e.pausedSeconds = r.toDouble(i, 17);
        e.problems = r.text(i, 18);
        e.jobs = int(r.toLong(i, 19));
        e.planSha256 = r.text(i, 20);
        out.push_back(e);
    }
    return out;
}

} // namespace tidemark::positions
