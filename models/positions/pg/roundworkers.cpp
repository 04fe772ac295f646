#include "roundworkers.h"

#include "error.h"
#include "pgconnection.h"
#include "roundtransactions.h"
#include "taskfeedback.h"
#include "thinninground.h"

#include <exception>
#include <memory>
#include <thread>

namespace tidemark::positions {

namespace {

// A batch's limits. Its rows are read once more to find its slices, and its statement holds their locks
// until it commits (a few milliseconds for 4,096 rows); a slice's fixed cost (a statement of some twenty
// subplans started, two round trips, about 0.5 ms) is what a batch shares. After a slice of kDenseRows or
// more the next one is likely as full, and batching it would save little: it runs alone, without looking.
constexpr int kBatchRows = 4096;
constexpr std::size_t kBatchSlices = 128;
constexpr long long kDenseRows = kBatchRows / 8;

// The slices of the mower's next rows that one statement may thin together: in order, each at least the
// context after the one before (so that none's thinning is in another's context), while they hold at most
// kBatchRows rows.
std::vector<SliceRange> batchOf(const std::vector<SliceRange>& slices,
                                const RoundTransactions::RowsAhead& ahead) {
    std::vector<SliceRange> batch;
    long long rows = 0;
    for (const RoundTransactions::SliceRows& s : ahead.slices) {
        const SliceRange& slice = slices[s.index];
        if (!batch.empty() && (slice.begin - batch.back().end < kSliceContext || rows + s.rows > kBatchRows ||
                               batch.size() == kBatchSlices))
            break;
        batch.push_back(slice);
        rows += s.rows;
    }
    return batch;
}

} // namespace

RoundWorkers::RoundWorkers(const RoundOptions& options, const RoundPlan& plan, RoundReport& report)
    : m_options(options), m_plan(plan), m_report(report), m_lastAt(plan.startedAt()) {}

RoundPlan::Stop RoundWorkers::between() {
    using Stop = RoundPlan::Stop;
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
void RoundWorkers::notePaused(bool held, const QElapsedTimer& paused) {
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

void RoundWorkers::tellPaused(double seconds) {
    const std::lock_guard lock(m_shared);
    if (m_options.onPaused)
        m_options.onPaused(seconds);
    else
        m_options.control->report(pausedRoundProgress(seconds));
}

RoundPlan::Stop RoundWorkers::limits() {
    if (m_options.dryRun)
        return RoundPlan::Stop::None;
    const std::lock_guard lock(m_shared);
    const Micros at = m_lastAt = m_plan.clock();
    const RoundPlan::Stop stop = m_plan.limitAt(at);
    if (stop == RoundPlan::Stop::Budget)
        m_report.budgetExhausted = true;
    else if (stop == RoundPlan::Stop::Window)
        m_report.windowClosed = true;
    return stop;
}

long long RoundWorkers::statementTimeoutMs() {
    const std::lock_guard lock(m_shared);
    return m_plan.statementTimeoutMs(m_lastAt);
}

void RoundWorkers::addFailure(MowerFailure failure) {
    const std::lock_guard lock(m_shared);
    m_report.failures.push_back(std::move(failure));
}

bool RoundWorkers::thin(RoundTransactions& own) {
    if (m_options.jobs > 1)
        return thinInParallel();
    for (const MowerThinningStatus* m : m_plan.queue())
        if (!work(own, *m))
            return false;
    return true;
}

bool RoundWorkers::work(RoundTransactions& transactions, const MowerThinningStatus& m) {
    return m_options.plan ? applyMower(transactions, m) : thinMower(transactions, m);
}

void RoundWorkers::finishUnits() {
    for (const MowerThinningStatus* m : m_plan.queue())
        for (const auto& [mower, slices] : m_collected)
            if (mower == m)
                m_report.units.slices.insert(m_report.units.slices.end(), slices.begin(), slices.end());
}

// Workers on their own connections take whole mowers from one queue, largest backlog first; the first
// that must stop (a limit, a cancel, an interruption) stops the others between their slices.
bool RoundWorkers::thinInParallel() {
    if (m_options.workerConninfo.isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("a round with %1 jobs needs a connection string "
                                                       "for its workers")
                                            .arg(m_options.jobs));
    const std::vector<const MowerThinningStatus*>& queue = m_plan.queue();
    const int jobs = std::min<int>(m_options.jobs, std::max<int>(1, int(queue.size())));
    m_report.jobs = jobs;
    std::vector<std::unique_ptr<PgConnection>> connections;
    std::vector<std::unique_ptr<RoundTransactions>> transactions;
    for (int j = 0; j < jobs; ++j) {
        connections.push_back(
            PgConnection::open(m_options.workerConninfo, QStringLiteral("tidemark round worker")));
        transactions.push_back(
            std::make_unique<RoundTransactions>(*connections.back(), m_plan.settings(), m_options,
                                                [this](MowerFailure f) { addFailure(std::move(f)); }));
    }
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::vector<std::thread> workers;
    for (int j = 0; j < jobs; ++j)
        workers.emplace_back([&, own = transactions[std::size_t(j)].get()] {
            try {
                for (std::size_t i = next++; i < queue.size() && !m_stopAll.load(); i = next++)
                    if (!work(*own, *queue[i]))
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
    return !m_stopAll.load();
}

RoundWorkers::MowerAccount::~MowerAccount() {
    if (figures.slices == 0)
        return;
    const std::lock_guard lock(shared);
    ++report.mowers;
    report.slices += figures.slices;
    report.scanned += figures.scanned;
    report.deleted += figures.deleted;
    report.perMower.push_back(figures);
}

bool RoundWorkers::thinMower(RoundTransactions& transactions, const MowerThinningStatus& m) {
    const Micros cutoff = m_plan.cutoff();
    MowerRoundFigures figures{m.mowerId};
    const MowerAccount account{m_report, figures, m_shared};
    const std::vector<SliceRange> slices = SlicePlanner::plan(m.mowerId, m.watermark, m.oldest, cutoff);
    MowerCursor cursor{m.mowerId, cutoff, m.watermark, std::nullopt, {}};
    // A dry run reads the table as the round will find it: the age delete done first.
    const std::optional<Micros> ageLimit = m_options.dryRun ? m_plan.ageLimit() : std::nullopt;
    if (ageLimit)
        cursor.pending.ageLimit = formatIsoTimestamp(*ageLimit);
    std::vector<PlannedSlice> listed;
    struct Listing { // the listed slices go to the round's units however the loop ends
        RoundWorkers& workers;
        const MowerThinningStatus& mower;
        std::vector<PlannedSlice>& slices;
        ~Listing() {
            if (slices.empty())
                return;
            const std::lock_guard lock(workers.m_shared);
            workers.m_collected.emplace_back(&mower, std::move(slices));
        }
    } listing{*this, m, listed};
    // `n` slices done, the last one `range` with its counts: the figures and the progress.
    const auto done = [&](long long n, const ThinningStatement::Counts& counts, const SliceRange& range) {
        if (m_options.collectUnits && counts.scanned > 0)
            listed.push_back(
                {m.mowerId, range.begin, range.end, counts.scanned, counts.deleted, counts.digest});
        figures.slices += n;
        figures.scanned += counts.scanned;
        figures.deleted += counts.deleted;
        const std::lock_guard lock(m_shared);
        m_done += n;
        m_scannedSoFar += counts.scanned;
        const SliceEvent event{
            m.mowerId,      figures.slices, m.slicesPending,  m_done,         m_plan.totalSlices(),
            counts.scanned, counts.deleted, m_options.dryRun, m_scannedSoFar, n,
            range,          std::nullopt};
        if (m_options.control)
            m_options.control->report(event.progress());
        // After the plain progress: a caller that reports richer progress from here has the last word.
        if (m_options.onSlice)
            m_options.onSlice(event);
    };
    // Batches need the flight (no step hook). A dry run counts batches as the round thins them, except
    // where the age delete leaves no row (the rows ahead are read before it).
    const bool batches = !m_options.onStep;
    bool dense = false;
    for (std::size_t i = 0; i < slices.size();) {
        if (between() != RoundPlan::Stop::None)
            return false;
        // A mower known to have no row left up to the cutoff goes straight to its last empty slices.
        const bool rowsLeft = !cursor.nextRowAt || *cursor.nextRowAt;
        const bool agedOut = ageLimit && slices[i].end <= *ageLimit;
        if (batches && !dense && rowsLeft && !agedOut) {
            const RoundTransactions::RowsAhead ahead = transactions.rowsAhead(slices, i, kBatchRows + 1);
            cursor.nextRowAt = ahead.firstRowAt;
            const std::vector<SliceRange> batch = batchOf(slices, ahead);
            if (batch.size() > 1) {
                // When the batch holds the mower's last rows, its watermark moves to the cutoff, over the
                // empty slices after it too.
                const bool last = ahead.complete && batch.size() == ahead.slices.size();
                const Micros end = last ? slices.back().end : batch.back().end;
                const auto counts =
                    m_options.dryRun
                        ? transactions.countBatch(batch, cursor, statementTimeoutMs())
                        : transactions.runBatch(batch, slices[i].begin, end, cursor, statementTimeoutMs());
                if (counts) {
                    std::size_t from = i;
                    for (std::size_t k = 0; k < batch.size(); ++k) {
                        const std::size_t at = ahead.slices[k].index;
                        done(static_cast<long long>(at + 1 - from), (*counts)[k], batch[k]);
                        from = at + 1;
                    }
                    if (last && from < slices.size())
                        done(static_cast<long long>(slices.size() - from), {},
                             {m.mowerId, slices[from].begin, slices.back().end});
                    i = last ? slices.size() : from;
                    continue;
                }
            }
        }
        if (!cursor.nextRowAt)
            cursor.nextRowAt = transactions.firstRowFrom(
                m.mowerId, ageLimit ? std::max(slices[i].begin, *ageLimit) : slices[i].begin, cutoff);
        // The slices wholly before the mower's next row hold no row and have nothing to delete: the
        // watermark moves over them in the transaction of the slice that holds that row, or of their own
        // when no row follows them (a sparse fleet's first run is mostly such slices).
        std::size_t next = i;
        while (next < slices.size() && (!*cursor.nextRowAt || slices[next].end <= **cursor.nextRowAt))
            ++next;
        ThinningStatement::Counts counts;
        const SliceOutcome outcome =
            next == slices.size()
                ? transactions.skipEmptySlices({m.mowerId, slices[i].begin, slices.back().end}, cursor,
                                               statementTimeoutMs())
                : transactions.runSlice(slices[next], slices[i].begin, cursor, counts, statementTimeoutMs());
        if (outcome == SliceOutcome::MowerSkipped)
            return true;
        if (outcome == SliceOutcome::RowArrived)
            continue;
        const std::size_t end = std::min(next + 1, slices.size());
        const SliceRange range =
            next == slices.size() ? SliceRange{m.mowerId, slices[i].begin, slices.back().end} : slices[next];
        done(static_cast<long long>(end - i), counts, range);
        dense = counts.scanned >= kDenseRows;
        i = end;
    }
    return true;
}

} // namespace tidemark::positions
