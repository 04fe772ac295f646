#include "thinninground.h"

#include "error.h"
#include "pgconnection.h"
#include "taskfeedback.h"
#include "thinningstatement.h"
#include "thinningstatus.h"
#include "thinningwindow.h"

#include <QElapsedTimer>

namespace tidemark::positions {

namespace {

// Releases the advisory lock when the round ends, however it ends.
class LockGuard {
  public:
    explicit LockGuard(PgConnection& db) : m_db(db) {}
    ~LockGuard() {
        try {
            m_db.advisoryUnlock(ThinningRound::kAdvisoryLockKey);
        } catch (...) {
            // A dead connection has released it already.
        }
    }

  private:
    PgConnection& m_db;
};

// Rolls back an open transaction on any exit but a commit.
class Transaction {
  public:
    explicit Transaction(PgConnection& db) : m_db(db) { m_db.exec(QStringLiteral("BEGIN")); }
    void commit() {
        m_db.exec(QStringLiteral("COMMIT"));
        m_open = false;
    }
    ~Transaction() {
        if (!m_open)
            return;
        try {
            m_db.exec(QStringLiteral("ROLLBACK"));
        } catch (...) {
        }
    }

  private:
    PgConnection& m_db;
    bool m_open = true;
};

} // namespace

TaskProgress SliceEvent::progress() const {
    TaskProgress p;
    p.stage = QStringLiteral("mower %1, slice %2 of %3")
                  .arg(mowerId.toString(QUuid::WithoutBraces).left(8))
                  .arg(sliceOfMower)
                  .arg(slicesOfMower);
    p.done = slicesDone;
    p.total = slicesTotal;
    p.rows = roundScanned;
    return p;
}

ThinningRound::ThinningRound(PgConnection& db, PositionSettings settings)
    : m_db(db), m_settings(std::move(settings)) {}

RoundReport ThinningRound::run(const RoundOptions& options) {
    QElapsedTimer total;
    total.start();
    RoundReport report;
    report.dryRun = options.dryRun;
    if (!options.dryRun) {
        if (!m_db.tryAdvisoryLock(kAdvisoryLockKey)) {
            report.skippedLocked = true;
            return report;
        }
    }
    std::optional<LockGuard> lock;
    if (!options.dryRun)
        lock.emplace(m_db);

    QElapsedTimer step;
    step.start();
    bool cancelled = false;
    report.ageDeleted = ageDelete(options, &cancelled);
    report.deleteSeconds = step.nsecsElapsed() / 1e9;
    report.cancelled = cancelled;
    if (!cancelled)
        thin(options, report);
    report.seconds = total.nsecsElapsed() / 1e9;
    return report;
}

long long ThinningRound::ageDelete(const RoundOptions& options, bool* cancelled) {
    if (m_settings.retentionDays == 0)
        return 0;
    const QString limit = formatIsoTimestamp(options.now - m_settings.retentionDays * kMicrosPerDay);
    if (options.dryRun)
        return m_db
            .exec(QStringLiteral("SELECT count(*) FROM mower_positions WHERE observed_at < $1::timestamptz"),
                  {limit})
            .toLong(0, 0);
    // Bounded batches found through the BRIN index, each its own short transaction.
    const QString sql =
        QStringLiteral("DELETE FROM mower_positions WHERE ctid = ANY (ARRAY("
                       "SELECT ctid FROM mower_positions WHERE observed_at < $1::timestamptz LIMIT $2))");
    long long deleted = 0;
    for (;;) {
        const long long n = m_db.exec(sql, {limit, options.ageDeleteBatch}).affectedRows();
        deleted += n;
        if (n < options.ageDeleteBatch)
            break;
        if (options.control && !options.control->checkpoint()) {
            *cancelled = true;
            break;
        }
    }
    return deleted;
}

void ThinningRound::thin(const RoundOptions& options, RoundReport& report) {
    QElapsedTimer timer;
    timer.start();
    const ThinningWindow window(m_settings);
    const Micros startedAt = nowMicros();
    const auto clock =
        options.clock ? options.clock : [&] { return options.now + (nowMicros() - startedAt); };
    const Micros budget =
        static_cast<Micros>(options.budgetSeconds.value_or(m_settings.budgetSeconds)) * kMicrosPerSecond;
    const bool windowApplies = !options.ignoreWindow && !options.dryRun;
    report.insideWindow = !windowApplies || window.contains(options.now);

    const Micros cutoff = m_settings.thinningCutoff(options.now);
    const std::vector<MowerThinningStatus> mowers = ThinningStatus::query(m_db, cutoff, false);
    long long totalSlices = 0;
    for (const MowerThinningStatus& m : mowers)
        totalSlices += m.slicesPending;
    report.slicesPending = totalSlices;
    if (!report.insideWindow) {
        report.thinSeconds = timer.nsecsElapsed() / 1e9;
        return;
    }

    // The statement's joins are planned from the table's statistics; a table never analysed (a fresh
    // restore or import) would get nested loops over thousands of rows. Autovacuum keeps them later.
    if (!options.dryRun &&
        m_db.exec(QStringLiteral(
                      "SELECT coalesce(last_analyze, last_autoanalyze) IS NULL FROM pg_stat_user_tables"
                      " WHERE relid = 'mower_positions'::regclass"))
            .toBool(0, 0))
        m_db.exec(QStringLiteral("ANALYZE mower_positions"));
    const ThinningStatement statement(m_settings);
    const Micros thinStart = clock();
    long long done = 0;
    bool stopped = false;
    for (const MowerThinningStatus& m : mowers) {
        if (stopped)
            break;
        if (m.slicesPending == 0)
            continue;
        MowerRoundFigures figures{m.mowerId};
        for (const SliceRange& slice : SlicePlanner::plan(m.mowerId, m.watermark, m.oldest, cutoff)) {
            if (options.control && !options.control->checkpoint()) {
                report.cancelled = stopped = true;
                break;
            }
            if (!options.dryRun) {
                const Micros at = clock();
                if (at - thinStart >= budget) {
                    report.budgetExhausted = stopped = true;
                    break;
                }
                if (windowApplies && !window.contains(at)) {
                    report.windowClosed = stopped = true;
                    break;
                }
            }
            ThinningStatement::Counts counts;
            if (options.dryRun) {
                counts = statement.run(m_db, slice, ThinningStatement::Mode::Count);
            } else {
                Transaction tx(m_db);
                counts = statement.run(m_db, slice, ThinningStatement::Mode::Delete);
                if (options.beforeCommit)
                    options.beforeCommit(m_db, slice);
                m_db.exec(QStringLiteral(
                              "INSERT INTO mower_positions_thinning (mower_id, thinned_until) VALUES ($1, $2)"
                              " ON CONFLICT (mower_id) DO UPDATE SET thinned_until = EXCLUDED.thinned_until"),
                          {slice.mowerId.toString(QUuid::WithoutBraces), formatIsoTimestamp(slice.end)});
                tx.commit();
            }
            ++figures.slices;
            figures.scanned += counts.scanned;
            figures.deleted += counts.deleted;
            ++done;
            const SliceEvent event{m.mowerId,      figures.slices, m.slicesPending,
                                   done,           totalSlices,    counts.scanned,
                                   counts.deleted, options.dryRun, report.scanned + figures.scanned};
            if (options.control)
                options.control->report(event.progress());
            // After the plain progress: a caller that reports richer progress from here has the last word.
            if (options.onSlice)
                options.onSlice(event);
        }
        if (figures.slices > 0) {
            ++report.mowers;
            report.slices += figures.slices;
            report.scanned += figures.scanned;
            report.deleted += figures.deleted;
            report.perMower.push_back(figures);
        }
    }
    report.slicesPending = totalSlices - done;
    report.complete = report.slicesPending == 0;
    report.thinSeconds = timer.nsecsElapsed() / 1e9;
}

} // namespace tidemark::positions
