#include "thinninground.h"

#include "clockcheck.h"
#include "error.h"
#include "pgconnection.h"
#include "taskfeedback.h"
#include "thinningstatement.h"
#include "thinningstatus.h"
#include "thinningwindow.h"

#include <QElapsedTimer>
#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

namespace tidemark::positions {

namespace {

// The errors that end a round cleanly: the transaction is rolled back and the next round retries its work.
QString interruptionOf(const Error& e) {
    const QByteArray& state = e.sqlState();
    if (state == "55P03")
        return QStringLiteral("lock timeout");
    if (state == "57014")
        return QStringLiteral("statement timeout");
    if (state == "40001")
        return QStringLiteral("serialization failure");
    if (state == "40P01")
        return QStringLiteral("deadlock");
    return {};
}

// A data exception (SQLSTATE class 22) in one mower's rows fails only that mower.
bool isDataError(const Error& e) {
    return e.sqlState().startsWith("22");
}

QString mowerText(const QUuid& id) {
    return id.toString(QUuid::WithoutBraces);
}

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

// One READ COMMITTED transaction (whatever the server's default) with the round's lock and statement
// timeouts and the thinning statement's settings, opened in one round trip; rolled back on any exit but a
// commit.
class Transaction {
  public:
    Transaction(PgConnection& db, int lockTimeoutMs, long long statementTimeoutMs) : m_db(db) {
        m_open = true;
        try {
            m_db.execScript(
                QStringLiteral("BEGIN ISOLATION LEVEL READ COMMITTED; SET LOCAL lock_timeout = %1; "
                               "SET LOCAL statement_timeout = %2; %3")
                    .arg(lockTimeoutMs)
                    .arg(statementTimeoutMs)
                    .arg(ThinningStatement::transactionSettings()));
        } catch (...) {
            rollback();
            throw;
        }
    }
    void commit() {
        m_db.exec(QStringLiteral("COMMIT"));
        m_open = false;
    }
    void rollback() {
        m_open = false;
        m_db.rollbackQuietly();
    }
    ~Transaction() {
        if (m_open)
            m_db.rollbackQuietly();
    }

  private:
    PgConnection& m_db;
    bool m_open = false;
};

// The earliest row without a finite position (NaN, ±infinity or NULL) in [$2, $3) of a mower, as keep_set
// refuses a slice whose context holds one (SliceThinning): NaN - NaN and inf - inf are NaN, which equals no
// 0. The thinning statement reports such rows up to the slice's last row; the round checks the rest of the
// context with this, and names a row with it.
const QString kBadRowSql =
    QStringLiteral("SELECT (extract(epoch FROM observed_at) * 1000000)::bigint, coalesce(lat::text, 'NULL'),"
                   " coalesce(lon::text, 'NULL') FROM mower_positions WHERE mower_id = $1"
                   " AND observed_at >= $2::timestamptz AND observed_at < $3::timestamptz"
                   " AND NOT coalesce(lat - lat = 0 AND lon - lon = 0, false) ORDER BY observed_at LIMIT 1");

// The oldest finite row of the table, found through the primary key (a skip scan over the mowers).
const QString kOldestSql =
    ThinningStatus::mowersCte() +
    QStringLiteral(
        " SELECT (extract(epoch FROM min(o)) * 1000000)::bigint FROM (SELECT (SELECT min(p.observed_at) FROM "
        "mower_positions p WHERE p.mower_id = m.mower_id AND p.observed_at > '-infinity' AND p.observed_at < "
        "'infinity') AS o FROM m WHERE m.mower_id IS NOT NULL) x");

// One batch of the age delete: rows of one time window, found through the BRIN index on observed_at.
const QString kAgeBatchSql =
    QStringLiteral("DELETE FROM mower_positions WHERE ctid = ANY (ARRAY(SELECT ctid FROM mower_positions"
                   " WHERE observed_at >= $1::timestamptz AND observed_at < $2::timestamptz LIMIT $3))");

// The earliest row of mower $1 in [from, to) (parameters, e.g. "$2"), through the primary key.
QString firstRowSql(const QString& from, const QString& to) {
    return QStringLiteral(
               "SELECT (extract(epoch FROM min(p.observed_at)) * 1000000)::bigint FROM mower_positions p"
               " WHERE p.mower_id = $1::uuid AND p.observed_at >= %1::timestamptz AND p.observed_at <"
               " %2::timestamptz")
        .arg(from, to);
}

// Moves a mower's watermark from $2 to $3 (an update from $2, or the first watermark) while [$2, $5) holds
// no row (empty when $5 = $2), and returns the mower's first row in [$3, $4 = the cutoff), NULL when none; no
// row when it did not move.
QString watermarkSql(bool first) {
    const QString empty = QStringLiteral(
        " NOT EXISTS (SELECT 1 FROM mower_positions p WHERE p.mower_id = $1::uuid AND p.observed_at >= "
        "$2::timestamptz AND p.observed_at < $5::timestamptz)");
    const QString next =
        QStringLiteral(" RETURNING (%1)").arg(firstRowSql(QStringLiteral("$3"), QStringLiteral("$4")));
    if (first)
        return QStringLiteral("INSERT INTO mower_positions_thinning (mower_id, thinned_until)"
                              " SELECT $1::uuid, $3::timestamptz WHERE") +
               empty + QStringLiteral(" ON CONFLICT (mower_id) DO NOTHING") + next;
    return QStringLiteral("UPDATE mower_positions_thinning SET thinned_until = $3::timestamptz"
                          " WHERE mower_id = $1::uuid AND thinned_until = $2::timestamptz AND") +
           empty + next;
}

// Where a round is in one mower's slices.
struct MowerCursor {
    QUuid mowerId;
    Micros cutoff = 0;
    std::optional<Micros> watermark;
    // The mower's first row from the next slice's start to the cutoff: unknown (nullopt), none (an empty
    // inner optional) or its instant.
    std::optional<std::optional<Micros>> nextRowAt;
};

struct WatermarkMove {
    bool moved = false;
    std::optional<std::optional<Micros>> nextRowAt; // as MowerCursor::nextRowAt, from the range's end
};

// The age delete walks time windows from the oldest row; a window's width adapts to the rows it holds.
constexpr Micros kFirstAgeWindow = kMicrosPerHour;
constexpr Micros kMinAgeWindow = kMicrosPerMinute;
constexpr Micros kMaxAgeWindow = 30 * kMicrosPerDay;

// A round in progress: its options, its report and its limits.
class RoundRun {
  public:
    RoundRun(PgConnection& db, const PositionSettings& settings, const RoundOptions& options)
        : m_db(db), m_settings(settings), m_options(options), m_window(settings), m_statement(settings) {
        const Micros startedAt = nowMicros();
        m_clock = options.clock ? options.clock
                                : [this, startedAt] { return m_options.now + (nowMicros() - startedAt); };
        m_budget =
            static_cast<Micros>(options.budgetSeconds.value_or(settings.budgetSeconds)) * kMicrosPerSecond;
        m_windowApplies = !options.ignoreWindow && !options.dryRun;
        m_report.dryRun = options.dryRun;
    }

    RoundReport run() {
        QElapsedTimer total;
        total.start();
        checkClock();
        if (!m_options.dryRun && !m_db.tryAdvisoryLock(ThinningRound::kAdvisoryLockKey)) {
            m_report.skippedLocked = true;
            return m_report;
        }
        std::optional<LockGuard> lock;
        if (!m_options.dryRun)
            lock.emplace(m_db);
        m_start = m_lastAt = m_clock();
        m_report.insideWindow = !m_windowApplies || m_window.contains(m_options.now);
        try {
            QElapsedTimer step;
            step.start();
            const bool goOn = ageDelete();
            m_report.deleteSeconds = step.nsecsElapsed() / 1e9;
            step.restart();
            if (goOn)
                thin();
            m_report.thinSeconds = step.nsecsElapsed() / 1e9;
        } catch (const Error& e) {
            const QString kind = interruptionOf(e);
            if (kind.isEmpty())
                throw;
            m_report.interrupted = QStringLiteral("%1: %2").arg(kind, e.message());
            m_report.interruptedState = e.sqlState();
        }
        m_report.slicesPending = m_totalSlices - m_done;
        m_report.complete = m_thinned && m_report.slicesPending == 0;
        m_report.seconds = total.nsecsElapsed() / 1e9;
        return m_report;
    }

  private:
    enum class Stop { None, Cancelled, Budget, Window, Elsewhere };

    void checkClock() {
        m_report.serverNow = m_db.serverNow();
        const ClockCheck check{QStringLiteral("the round's clock"), m_options.now,
                               QStringLiteral("the database server's now()"), m_report.serverNow};
        m_report.clockAheadSeconds = double(check.ahead()) / kMicrosPerSecond;
        check.require(m_options.allowClockAhead,
                      QStringLiteral("it would thin the detail window and age-delete young rows"),
                      QStringLiteral("tidemark-cli positions round --allow-clock-ahead, which is recorded"));
        m_report.clockOverride = check.tooFarAhead();
    }

    // Between two batches or slices: holds while paused (checking the limits about once a second, and
    // telling how long the round's lock has been held), then checks the window and the budget.
    Stop between() {
        if (m_stopAll.load())
            return Stop::Elsewhere; // another worker stopped the round
        if (m_options.control) {
            QElapsedTimer paused; // counted once the pause has held for a wait
            paused.start();
            bool held = false;
            for (;;) {
                const TaskFeedback::Wait wait = m_options.control->checkpointFor(std::chrono::seconds(1));
                if (wait == TaskFeedback::Wait::Cancelled) {
                    notePaused(held, paused);
                    const std::lock_guard lock(m_shared);
                    m_report.cancelled = true;
                    return Stop::Cancelled;
                }
                if (wait == TaskFeedback::Wait::Go)
                    break;
                held = true;
                tellPaused(paused.nsecsElapsed() / 1e9);
                const Stop stop = limits();
                if (stop != Stop::None) {
                    notePaused(held, paused);
                    const std::lock_guard lock(m_shared);
                    m_report.stoppedWhilePaused = true;
                    return stop;
                }
            }
            notePaused(held, paused);
        }
        return limits();
    }

    // Several workers wait out the same pause: the round counts the union of their waits, not the sum.
    void notePaused(bool held, const QElapsedTimer& paused) {
        if (!held)
            return;
        const std::lock_guard lock(m_shared);
        const Micros endedAt = nowMicros();
        const Micros startedAt = endedAt - paused.nsecsElapsed() / 1000;
        const Micros counted = endedAt - std::max(startedAt, m_pauseCountedUntil);
        if (counted > 0)
            m_report.pausedSeconds += double(counted) / kMicrosPerSecond;
        m_pauseCountedUntil = std::max(m_pauseCountedUntil, endedAt);
    }

    void tellPaused(double seconds) {
        const std::lock_guard lock(m_shared);
        if (m_options.onPaused)
            m_options.onPaused(seconds);
        else
            m_options.control->report(pausedRoundProgress(seconds));
    }

    Stop limits() {
        if (m_options.dryRun)
            return Stop::None;
        const std::lock_guard lock(m_shared);
        const Micros at = m_lastAt = m_clock();
        if (at - m_start >= m_budget) {
            m_report.budgetExhausted = true;
            return Stop::Budget;
        }
        if (m_windowApplies && m_report.insideWindow && !m_window.contains(at)) {
            m_report.windowClosed = true;
            return Stop::Window;
        }
        return Stop::None;
    }

    int lockTimeoutMs() const { return m_settings.lockTimeoutSeconds * 1000; }
    // What was left of the budget at the last check, at least a second (0: none, for a dry run).
    long long statementTimeoutMs() {
        if (m_options.dryRun)
            return 0;
        const std::lock_guard lock(m_shared);
        return std::max<long long>(1000, (m_budget - (m_lastAt - m_start)) / 1000);
    }

    // Rows older than the retention limit, in bounded batches through the BRIN index, each its own short
    // transaction; false when the round must stop.
    bool ageDelete() {
        if (m_settings.retentionDays == 0)
            return true;
        const Micros limit = m_options.now - m_settings.retentionDays * kMicrosPerDay;
        if (m_options.dryRun) {
            m_report.ageDeleted =
                m_db.exec(QStringLiteral(
                              "SELECT count(*) FROM mower_positions WHERE observed_at < $1::timestamptz"),
                          {formatIsoTimestamp(limit)})
                    .toLong(0, 0);
            return true;
        }
        const PgResult oldest = m_db.exec(kOldestSql);
        if (oldest.isNull(0, 0) || oldest.toLong(0, 0) >= limit)
            return true;
        // The first window also takes the rows at '-infinity': they are older than any limit.
        QString low = QStringLiteral("-infinity");
        Micros lowAt = oldest.toLong(0, 0);
        Micros width = kFirstAgeWindow;
        while (lowAt < limit) {
            const Micros highAt = std::min(lowAt + width, limit);
            const QString high = formatIsoTimestamp(highAt);
            long long inWindow = 0;
            int batches = 0;
            for (;;) {
                if (between() != Stop::None)
                    return false;
                Transaction tx(m_db, lockTimeoutMs(), statementTimeoutMs());
                // The decision record's plan: the BRIN index, whatever the statistics of a fresh table say.
                m_db.exec(QStringLiteral("SELECT set_config('enable_seqscan', 'off', true)"));
                const long long n =
                    m_db.exec(kAgeBatchSql, {low, high, m_options.ageDeleteBatch}).affectedRows();
                tx.commit();
                inWindow += n;
                ++batches;
                m_report.ageDeleted += n;
                if (n < m_options.ageDeleteBatch)
                    break;
            }
            if (batches > 2)
                width = std::max(width / 2, kMinAgeWindow);
            else if (inWindow < m_options.ageDeleteBatch / 2)
                width = std::min(width * 2, kMaxAgeWindow);
            lowAt = highAt;
            low = high;
            if (m_options.control) {
                TaskProgress p;
                p.stage = QStringLiteral("age delete, up to %1").arg(high);
                p.rows = m_report.ageDeleted;
                m_options.control->report(p);
            }
        }
        return true;
    }

    void thin() {
        const Micros cutoff = m_settings.thinningCutoff(m_options.now);
        std::vector<MowerThinningStatus> mowers;
        {
            Transaction tx(m_db, lockTimeoutMs(), statementTimeoutMs());
            mowers = ThinningStatus::query(m_db, cutoff, RowCounting::None);
            tx.commit();
        }
        for (const MowerThinningStatus& m : mowers) {
            m_totalSlices += m.slicesPending;
            if (!m.notAnInstant.isEmpty())
                m_report.failures.push_back(
                    {m.mowerId,
                     QStringLiteral("mower %1 has %2; it is not thinned until that is fixed")
                         .arg(mowerText(m.mowerId), m.notAnInstant),
                     std::nullopt});
        }
        if (!m_report.insideWindow)
            return;
        analyzeIfNeverAnalyzed();
        std::vector<const MowerThinningStatus*> queue;
        for (const MowerThinningStatus& m : mowers)
            if (m.slicesPending > 0 && m.notAnInstant.isEmpty())
                queue.push_back(&m);
        if (m_options.jobs <= 1) {
            m_thinned = true;
            for (const MowerThinningStatus* m : queue) {
                if (!thinMower(m_db, *m, cutoff)) {
                    m_thinned = false;
                    return;
                }
            }
            return;
        }
        thinInParallel(queue, cutoff);
    }

    // Workers on their own connections take whole mowers from one queue, largest backlog first; the first
    // that must stop (a limit, a cancel, an interruption) stops the others between their slices.
    void thinInParallel(std::vector<const MowerThinningStatus*> queue, Micros cutoff) {
        if (m_options.workerConninfo.isEmpty())
            throw Error(Error::Kind::Usage, QStringLiteral("a round with %1 jobs needs a connection string "
                                                           "for its workers")
                                                .arg(m_options.jobs));
        std::stable_sort(queue.begin(), queue.end(),
                         [](const auto* a, const auto* b) { return a->slicesPending > b->slicesPending; });
        const int jobs = std::min<int>(m_options.jobs, std::max<int>(1, int(queue.size())));
        m_report.jobs = jobs;
        std::vector<std::unique_ptr<PgConnection>> connections;
        for (int j = 0; j < jobs; ++j)
            connections.push_back(
                PgConnection::open(m_options.workerConninfo, QStringLiteral("tidemark round worker")));
        std::atomic<std::size_t> next{0};
        std::exception_ptr failure;
        std::vector<std::thread> workers;
        for (int j = 0; j < jobs; ++j)
            workers.emplace_back([&, db = connections[std::size_t(j)].get()] {
                try {
                    for (std::size_t i = next++; i < queue.size() && !m_stopAll.load(); i = next++)
                        if (!thinMower(*db, *queue[i], cutoff))
                            m_stopAll = true;
                } catch (...) {
                    const std::lock_guard lock(m_shared);
                    if (!failure)
                        failure = std::current_exception();
                    m_stopAll = true;
                }
            });
        for (std::thread& w : workers)
            w.join();
        if (failure)
            std::rethrow_exception(failure);
        m_thinned = !m_stopAll.load();
    }

    // The statement's joins are planned from the table's statistics; a table never analysed (a fresh
    // restore or import) would get nested loops over thousands of rows. Autovacuum keeps them later.
    void analyzeIfNeverAnalyzed() {
        if (m_options.dryRun)
            return;
        Transaction tx(m_db, lockTimeoutMs(), statementTimeoutMs());
        if (m_db.exec(QStringLiteral("SELECT coalesce(last_analyze, last_autoanalyze) IS NULL FROM "
                                     "pg_stat_user_tables WHERE relid = 'mower_positions'::regclass"))
                .toBool(0, 0))
            m_db.exec(QStringLiteral("ANALYZE mower_positions"));
        tx.commit();
    }

    // False when the round must stop (a limit, a cancel); a failing mower only ends its own loop.
    bool thinMower(PgConnection& db, const MowerThinningStatus& m, Micros cutoff) {
        MowerRoundFigures figures{m.mowerId};
        // The mower's committed slices count however its loop ends (an interruption throws).
        struct Account {
            RoundReport& report;
            const MowerRoundFigures& figures;
            std::mutex& shared;
            ~Account() {
                if (figures.slices == 0)
                    return;
                const std::lock_guard lock(shared);
                ++report.mowers;
                report.slices += figures.slices;
                report.scanned += figures.scanned;
                report.deleted += figures.deleted;
                report.perMower.push_back(figures);
            }
        } account{m_report, figures, m_shared};
        const std::vector<SliceRange> slices = SlicePlanner::plan(m.mowerId, m.watermark, m.oldest, cutoff);
        MowerCursor cursor{m.mowerId, cutoff, m.watermark, std::nullopt};
        for (std::size_t i = 0; i < slices.size();) {
            if (between() != Stop::None)
                return false;
            if (!cursor.nextRowAt)
                cursor.nextRowAt = firstRowFrom(db, m.mowerId, slices[i].begin, cutoff);
            // The slices wholly before the mower's next row hold no row and have nothing to delete: the
            // watermark moves over them in the transaction of the slice that holds that row, or of their own
            // when no row follows them (a sparse fleet's first run is mostly such slices).
            std::size_t next = i;
            while (next < slices.size() && (!*cursor.nextRowAt || slices[next].end <= **cursor.nextRowAt))
                ++next;
            ThinningStatement::Counts counts;
            const SliceOutcome outcome =
                next == slices.size()
                    ? skipEmptySlices(db, {m.mowerId, slices[i].begin, slices.back().end}, cursor)
                    : runSlice(db, slices[next], slices[i].begin, cursor, counts);
            if (outcome == SliceOutcome::MowerSkipped)
                return true;
            if (outcome == SliceOutcome::RowArrived)
                continue;
            const std::size_t end = std::min(next + 1, slices.size());
            const long long n = static_cast<long long>(end - i);
            figures.slices += n;
            figures.scanned += counts.scanned;
            figures.deleted += counts.deleted;
            i = end;
            const std::lock_guard lock(m_shared);
            m_done += n;
            m_scannedSoFar += counts.scanned;
            const SliceEvent event{
                m.mowerId,      figures.slices, m.slicesPending,  m_done,         m_totalSlices,
                counts.scanned, counts.deleted, m_options.dryRun, m_scannedSoFar, n};
            if (m_options.control)
                m_options.control->report(event.progress());
            // After the plain progress: a caller that reports richer progress from here has the last word.
            if (m_options.onSlice)
                m_options.onSlice(event);
        }
        return true;
    }

    // The earliest row of the mower in [from, cutoff), none when there is none (an index probe).
    std::optional<Micros> firstRowFrom(PgConnection& db, const QUuid& mowerId, Micros from, Micros cutoff) {
        static const QByteArray name = "tidemark_first_row_v1";
        if (!db.isPrepared(name))
            db.prepare(name, firstRowSql(QStringLiteral("$2"), QStringLiteral("$3")), 3);
        const PgResult r =
            db.execPrepared(name, {mowerText(mowerId), formatIsoTimestamp(from), formatIsoTimestamp(cutoff)});
        if (r.isNull(0, 0))
            return std::nullopt;
        return r.toLong(0, 0);
    }

    enum class SliceOutcome {
        Done,
        RowArrived,  // a row was written into slices taken for empty: rolled back, the caller looks again
        MowerSkipped // a bad row or a moved watermark, recorded
    };

    // The watermark could not move from `from`: a row arrived in [from, emptyUntil) (the watermark is where
    // the round left it), or another writer moved it (recorded).
    SliceOutcome notMoved(PgConnection& db, const SliceRange& range, Micros from, Micros emptyUntil,
                          MowerCursor& cursor) {
        if (from < emptyUntil && watermarkIsAt(db, range.mowerId, cursor.watermark)) {
            cursor.nextRowAt.reset();
            return SliceOutcome::RowArrived;
        }
        recordMovedWatermark(db, range, cursor.watermark);
        return SliceOutcome::MowerSkipped;
    }

    // The last slices of a mower, all without a row up to the cutoff, in one transaction: the watermark
    // moves over them while they still hold no row.
    SliceOutcome skipEmptySlices(PgConnection& db, const SliceRange& run, MowerCursor& cursor) {
        if (m_options.dryRun)
            return SliceOutcome::Done;
        Transaction tx(db, lockTimeoutMs(), statementTimeoutMs());
        step(db, run, SliceStep::Began);
        if (!moveWatermark(db, run, run.begin, run.end, cursor).moved) {
            tx.rollback();
            return notMoved(db, run, run.begin, run.end, cursor);
        }
        step(db, run, SliceStep::WatermarkMoved);
        tx.commit();
        step(db, run, SliceStep::Committed);
        cursor.watermark = run.end;
        cursor.nextRowAt = std::optional<Micros>();
        return SliceOutcome::Done;
    }

    void step(PgConnection& db, const SliceRange& slice, SliceStep s) {
        if (m_options.onStep)
            m_options.onStep(db, slice, s);
    }

    void addFailure(MowerFailure failure) {
        const std::lock_guard lock(m_shared);
        m_report.failures.push_back(std::move(failure));
    }

    // One slice in one transaction, its watermark moving from `from` (before the slice when the slices in
    // between hold no row).
    SliceOutcome runSlice(PgConnection& db, const SliceRange& slice, Micros from, MowerCursor& cursor,
                          ThinningStatement::Counts& counts) {
        try {
            Transaction tx(db, lockTimeoutMs(), statementTimeoutMs());
            step(db, slice, SliceStep::Began);
            counts = m_statement.run(db, slice,
                                     m_options.dryRun ? ThinningStatement::Mode::Count
                                                      : ThinningStatement::Mode::Delete);
            // The statement reports a bad row of the context of the slice's rows; a slice that has lost its
            // rows meanwhile has its context read here.
            if (counts.badRowAt ||
                (counts.scanned == 0 &&
                 hasBadRow(db, slice.mowerId, slice.begin - kSliceContext, slice.end + kSliceContext))) {
                tx.rollback();
                return skipForBadRow(db, slice);
            }
            if (m_options.dryRun) {
                tx.commit();
                cursor.nextRowAt.reset();
                return SliceOutcome::Done;
            }
            step(db, slice, SliceStep::Deleted);
            const WatermarkMove move = moveWatermark(db, slice, from, slice.begin, cursor);
            if (!move.moved) {
                tx.rollback();
                return notMoved(db, slice, from, slice.begin, cursor);
            }
            step(db, slice, SliceStep::WatermarkMoved);
            tx.commit();
            step(db, slice, SliceStep::Committed);
            cursor.watermark = slice.end;
            cursor.nextRowAt = move.nextRowAt;
            return SliceOutcome::Done;
        } catch (const Error& e) {
            if (!isDataError(e))
                throw;
            if (recordBadRow(db, slice))
                return SliceOutcome::MowerSkipped;
            addFailure({slice.mowerId,
                        QStringLiteral("mower %1: slice %2..%3 failed: %4")
                            .arg(mowerText(slice.mowerId), formatIsoTimestamp(slice.begin),
                                 formatIsoTimestamp(slice.end), e.message()),
                        std::nullopt});
            return SliceOutcome::MowerSkipped;
        }
    }

    PgResult badRows(PgConnection& db, const QUuid& mowerId, Micros from, Micros to) {
        static const QByteArray name = "tidemark_bad_row_v2";
        if (!db.isPrepared(name))
            db.prepare(name, kBadRowSql, 3);
        return db.execPrepared(name, {mowerText(mowerId), formatIsoTimestamp(from), formatIsoTimestamp(to)});
    }
    bool hasBadRow(PgConnection& db, const QUuid& mowerId, Micros from, Micros to) {
        return badRows(db, mowerId, from, to).rows() > 0;
    }

    // The slice was rolled back for a bad row: record it (a concurrent fix may have removed it meanwhile).
    SliceOutcome skipForBadRow(PgConnection& db, const SliceRange& slice) {
        if (!recordBadRow(db, slice))
            addFailure(
                {slice.mowerId,
                 QStringLiteral(
                     "mower %1: slice %2..%3 rolled back for a row without a finite position, which has "
                     "changed since")
                     .arg(mowerText(slice.mowerId), formatIsoTimestamp(slice.begin),
                          formatIsoTimestamp(slice.end)),
                 std::nullopt});
        return SliceOutcome::MowerSkipped;
    }

    // Records the earliest row of the slice's context that keep_set cannot judge (outside the slice's
    // transaction); false when there is none.
    bool recordBadRow(PgConnection& db, const SliceRange& slice) {
        const PgResult bad =
            badRows(db, slice.mowerId, slice.begin - kSliceContext, slice.end + kSliceContext);
        if (bad.rows() == 0)
            return false;
        const Micros at = bad.toLong(0, 0);
        addFailure({slice.mowerId,
                    QStringLiteral(
                        "mower %1: the row at %2 has lat %3, lon %4 (not a finite position); slice %5..%6 "
                        "and the rest of the mower skipped")
                        .arg(mowerText(slice.mowerId), formatIsoTimestamp(at), bad.text(0, 1), bad.text(0, 2),
                             formatIsoTimestamp(slice.begin), formatIsoTimestamp(slice.end)),
                    at});
        return true;
    }

    // Moves the watermark from `from` (or sets the first one) to the range's end, while [from, emptyUntil)
    // holds no row; not moved when another writer moved it meanwhile or a row arrived there. The same
    // statement finds the mower's next row after the range.
    WatermarkMove moveWatermark(PgConnection& db, const SliceRange& range, Micros from, Micros emptyUntil,
                                const MowerCursor& cursor) {
        const QByteArray name =
            cursor.watermark ? "tidemark_watermark_move_v2" : "tidemark_watermark_first_v2";
        if (!db.isPrepared(name))
            db.prepare(name, watermarkSql(!cursor.watermark), 5);
        const PgResult r = db.execPrepared(
            name, {mowerText(range.mowerId), formatIsoTimestamp(from), formatIsoTimestamp(range.end),
                   formatIsoTimestamp(cursor.cutoff), formatIsoTimestamp(emptyUntil)});
        WatermarkMove move;
        move.moved = r.rows() == 1;
        if (move.moved)
            move.nextRowAt = r.isNull(0, 0) ? std::optional<std::optional<Micros>>(std::optional<Micros>())
                                            : std::optional<std::optional<Micros>>(r.toLong(0, 0));
        return move;
    }

    bool watermarkIsAt(PgConnection& db, const QUuid& mowerId, const std::optional<Micros>& at) {
        const PgResult r =
            db.exec(QStringLiteral("SELECT (extract(epoch FROM thinned_until) * 1000000)::bigint FROM "
                                   "mower_positions_thinning WHERE mower_id = $1"),
                    {mowerText(mowerId)});
        return r.rows() == 0 ? !at : (at && r.toLong(0, 0) == *at);
    }

    void recordMovedWatermark(PgConnection& db, const SliceRange& slice,
                              const std::optional<Micros>& expected) {
        const PgResult now = db.exec(
            QStringLiteral("SELECT thinned_until::text FROM mower_positions_thinning WHERE mower_id = $1"),
            {mowerText(slice.mowerId)});
        addFailure(
            {slice.mowerId,
             QStringLiteral("mower %1: another writer moved the watermark from %2 to %3 during slice %4..%5; "
                            "the slice was rolled back")
                 .arg(mowerText(slice.mowerId),
                      expected ? formatIsoTimestamp(*expected) : QStringLiteral("(none)"),
                      now.rows() ? now.text(0, 0) : QStringLiteral("(none)"), formatIsoTimestamp(slice.begin),
                      formatIsoTimestamp(slice.end)),
             std::nullopt});
    }

    PgConnection& m_db;
    const PositionSettings& m_settings;
    const RoundOptions& m_options;
    const ThinningWindow m_window;
    const ThinningStatement m_statement;
    std::function<Micros()> m_clock;
    Micros m_budget = 0;
    Micros m_start = 0;
    Micros m_lastAt = 0; // the clock at the last check of the limits
    bool m_windowApplies = false;
    bool m_thinned = false; // every mower's loop ran to its end
    long long m_totalSlices = 0;
    long long m_done = 0;
    long long m_scannedSoFar = 0;
    Micros m_pauseCountedUntil = 0;
    std::atomic<bool> m_stopAll{false};
    std::mutex m_shared; // the report, the counts and the callbacks, shared by the workers
    RoundReport m_report;
};

} // namespace

TaskProgress pausedRoundProgress(double pausedSeconds) {
    TaskProgress p;
    p.stage = QStringLiteral("paused, holding the round's lock for %1 s").arg(qRound64(pausedSeconds));
    return p;
}

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
    return RoundRun(m_db, m_settings, options).run();
}

} // namespace tidemark::positions
