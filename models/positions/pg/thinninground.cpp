#include "thinninground.h"

#include "clockcheck.h"
#include "error.h"
#include "pgconnection.h"
#include "pgtransaction.h"
#include "roundplan.h"
#include "roundtransactions.h"
#include "roundworkers.h"
#include "taskfeedback.h"

#include <QElapsedTimer>
#include <QHash>
#include <algorithm>
#include <limits>
#include <optional>

namespace tidemark::positions {

namespace {

// The age delete walks time windows from the oldest row; a window's width adapts to the rows it holds.
constexpr Micros kFirstAgeWindow = kMicrosPerHour;
constexpr Micros kMinAgeWindow = kMicrosPerMinute;
constexpr Micros kMaxAgeWindow = 30 * kMicrosPerDay;

void checkClock(PgConnection& db, const RoundOptions& options, RoundReport& report) {
    report.serverNow = db.serverNow();
    const ClockCheck check{QStringLiteral("the round's clock"), options.now,
                           QStringLiteral("the database server's now()"), report.serverNow};
    report.clockAheadSeconds = double(check.ahead()) / kMicrosPerSecond;
    check.require(options.allowClockAhead,
                  QStringLiteral("it would thin the detail window and age-delete young rows"),
                  QStringLiteral("tidemark-cli positions round --allow-clock-ahead, which is recorded"));
    report.clockOverride = check.tooFarAhead();
}

// Rows older than `limit`, in bounded batches through the BRIN index (on a Citus cluster, on each shard),
// each its own short transaction, at most `cap` of them; false when the round must stop.
bool ageDeleteBefore(Micros limit, long long cap, const RoundOptions& options,
                     RoundTransactions& transactions, RoundWorkers& workers, RoundReport& report) {
    const std::optional<Micros> oldest = transactions.oldestRow();
    if (!oldest || *oldest >= limit)
        return true;
    // The first window also takes the rows at '-infinity': they are older than any limit.
    QString low = QStringLiteral("-infinity");
    Micros lowAt = *oldest;
    Micros width = kFirstAgeWindow;
    long long deleted = 0;
    while (lowAt < limit && deleted < cap) {
        const Micros highAt = std::min(lowAt + width, limit);
        const QString high = formatIsoTimestamp(highAt);
        long long inWindow = 0;
        int batches = 0;
        for (;;) {
            if (workers.between() != RoundPlan::Stop::None)
                return false;
            const int batch = int(std::min<long long>(options.ageDeleteBatch, cap - deleted));
            const RoundTransactions::AgeBatch b =
                transactions.ageDeleteBatch(low, high, batch, workers.statementTimeoutMs());
            inWindow += b.deleted;
            deleted += b.deleted;
            ++batches;
            report.ageDeleted += b.deleted;
            if (!b.more || deleted >= cap)
                break;
        }
        if (batches > 2)
            width = std::max(width / 2, kMinAgeWindow);
        else if (inWindow < options.ageDeleteBatch / 2)
            width = std::min(width * 2, kMaxAgeWindow);
        lowAt = highAt;
        low = high;
        if (options.control) {
            TaskProgress p;
            p.stage = QStringLiteral("age delete, up to %1").arg(high);
            p.rows = report.ageDeleted;
            options.control->report(p);
        }
    }
    return true;
}

// The round's age delete (a dry run counts, and lists it as a unit for a plan).
bool ageDelete(const PositionSettings& settings, const RoundOptions& options, RoundTransactions& transactions,
               RoundWorkers& workers, RoundReport& report) {
    if (settings.retentionDays == 0)
        return true;
    const Micros limit = options.now - settings.retentionDays * kMicrosPerDay;
    if (options.dryRun) {
        report.ageDeleted = transactions.countOlderThan(limit);
        if (options.collectUnits && report.ageDeleted > 0)
            report.units.ageDelete = PlannedAgeDelete{limit, report.ageDeleted};
        return true;
    }
    return ageDeleteBefore(limit, std::numeric_limits<long long>::max(), options, transactions, workers,
                           report);
}

// The plan's age delete: Stale when its limit is not yet reached by the server's clock, or when more rows lie
// before it than the plan counted (rows written there since, which the plan does not delete: none is
// deleted); Done when none is left; else at most the planned count of rows before the limit are deleted (a
// round may have deleted some since).
bool applyAgeDelete(const PositionSettings& settings, const RoundOptions& options,
                    RoundTransactions& transactions, RoundWorkers& workers, RoundReport& report) {
    using Status = PlanUnitOutcome::Status;
    const PlannedAgeDelete& planned = *options.plan->ageDelete;
    PlanUnitOutcome& outcome = report.unitOutcomes.front();
    const Micros serverLimit = report.serverNow - settings.retentionDays * kMicrosPerDay;
    if (settings.retentionDays == 0 || (planned.before > serverLimit && !options.allowClockAhead)) {
        outcome.status = Status::Stale;
        outcome.detail =
            QStringLiteral("not eligible by the server's clock: %1 is after the server's age limit "
                           "%2")
                .arg(formatIsoTimestamp(planned.before), formatIsoTimestamp(serverLimit));
        return true;
    }
    if (workers.between() != RoundPlan::Stop::None)
        return false;
    const long long now = transactions.countOlderThan(planned.before);
    if (now > planned.rows) {
        outcome.status = Status::Stale;
        outcome.detail = QStringLiteral("%1 rows lie before %2 where the plan counted %3: rows were written "
                                        "there since; none deleted")
                             .arg(now)
                             .arg(formatIsoTimestamp(planned.before))
                             .arg(planned.rows);
        return true;
    }
    if (now == 0) {
        outcome.status = Status::Done;
        outcome.detail = QStringLiteral("no row before %1 is left").arg(formatIsoTimestamp(planned.before));
        return true;
    }
    if (!ageDeleteBefore(planned.before, now, options, transactions, workers, report))
        return false;
    outcome.status = Status::Applied;
    if (report.ageDeleted != planned.rows)
        outcome.detail = QStringLiteral("deleted %1 rows; the other %2 of the plan were deleted since")
                             .arg(report.ageDeleted)
                             .arg(planned.rows - report.ageDeleted);
    return true;
}

// A dry run sees the table as the round will find it: a mower without a watermark whose oldest rows
// the age delete removes starts at its oldest row after them.
void afterTheAgeDelete(std::vector<MowerThinningStatus>& mowers, std::optional<Micros> limit, Micros cutoff,
                       RoundTransactions& transactions) {
    if (!limit)
        return;
    for (MowerThinningStatus& m : mowers) {
        if (m.watermark || !m.oldest || *m.oldest >= *limit || !m.notAnInstant.isEmpty())
            continue;
        m.oldest = transactions.firstRowFrom(m.mowerId, *limit, cutoff);
        m.slicesPending = SlicePlanner::pendingSlices(m.watermark, m.oldest, cutoff);
    }
}

// Outside the window an apply thins nothing, but the slices the mowers' watermarks passed are done (an
// apply run again says so), not left.
void markPassedSlicesDone(const std::vector<MowerThinningStatus>& mowers, const PositionsPlanUnits& units,
                          RoundReport& report) {
    QHash<QUuid, Micros> watermarks;
    for (const MowerThinningStatus& m : mowers)
        if (m.watermark)
            watermarks.insert(m.mowerId, *m.watermark);
    const std::size_t offset = units.ageDelete ? 1 : 0;
    for (std::size_t i = 0; i < units.slices.size(); ++i) {
        const auto watermark = watermarks.constFind(units.slices[i].mowerId);
        PlanUnitOutcome& o = report.unitOutcomes[offset + i];
        if (watermark != watermarks.cend() && *watermark >= units.slices[i].to &&
            o.status == PlanUnitOutcome::Status::Left) {
            o.status = PlanUnitOutcome::Status::Done;
            o.detail = QStringLiteral("the watermark %1 is past it").arg(formatIsoTimestamp(*watermark));
        }
    }
}

// The mowers' slices: the plan read in its transaction, then the workers; true when every mower's loop ran
// to its end.
bool thin(const RoundOptions& options, RoundPlan& plan, RoundTransactions& transactions,
          RoundWorkers& workers, RoundReport& report) {
    std::vector<MowerThinningStatus> mowers =
        transactions.mowers(plan.cutoff(), workers.statementTimeoutMs());
    if (options.plan)
        plan.setPlannedMowers(mowers, *options.plan);
    else {
        if (options.dryRun)
            afterTheAgeDelete(mowers, plan.ageLimit(), plan.cutoff(), transactions);
        plan.setMowers(std::move(mowers), report);
    }
    if (!plan.insideWindow()) {
        if (options.plan)
            markPassedSlicesDone(mowers, *options.plan, report);
        return false;
    }
    if (!options.dryRun)
        transactions.analyzeIfNeverAnalyzed(workers.statementTimeoutMs());
    const bool ran = workers.thin(transactions);
    if (options.collectUnits)
        workers.finishUnits();
    return ran;
}

// An apply's outcomes start Left without a detail ("not reached"); those still so at the end get the reason
// the round stopped.
void outcomesOfAPlan(const PositionsPlanUnits& units, RoundReport& report) {
    if (units.ageDelete)
        report.unitOutcomes.push_back({PlanUnitOutcome::Status::Left, units.ageDelete->toJson(), {}});
    for (const PlannedSlice& s : units.slices)
        report.unitOutcomes.push_back({PlanUnitOutcome::Status::Left, s.toJson(), {}});
}

void explainLeft(RoundReport& report) {
    QString why = QStringLiteral("not reached");
    if (report.skippedLocked)
        why = QStringLiteral("another round holds the lock");
    else if (!report.interrupted.isEmpty())
        why = QStringLiteral("stopped: %1").arg(report.interrupted);
    else if (report.cancelled)
        why = QStringLiteral("stopped: cancelled");
    else if (!report.insideWindow || report.windowClosed)
        why = QStringLiteral("outside the thinning window");
    else if (report.budgetExhausted)
        why = QStringLiteral("the budget ran out");
    for (PlanUnitOutcome& o : report.unitOutcomes)
        if (o.status == PlanUnitOutcome::Status::Left && o.detail.isEmpty())
            o.detail = why;
}

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
    QElapsedTimer total;
    total.start();
    RoundReport report;
    report.dryRun = options.dryRun;
    if (options.plan && options.dryRun)
        throw Error(Error::Kind::Usage, QStringLiteral("a plan is applied, not dry-run"));
    if (options.plan)
        outcomesOfAPlan(*options.plan, report);
    RoundPlan plan(m_settings, options);
    checkClock(m_db, options, report);
    // Released when the round ends, however it ends.
    std::optional<AdvisoryLockGuard> lock;
    if (!options.dryRun && !lock.emplace(m_db, kAdvisoryLockKey).held()) {
        report.skippedLocked = true;
        explainLeft(report);
        return report;
    }
    plan.start();
    report.insideWindow = plan.insideWindow();
    RoundWorkers workers(options, plan, report);
    RoundTransactions transactions(m_db, m_settings, options,
                                   [&workers](MowerFailure f) { workers.addFailure(std::move(f)); });
    bool thinned = false;
    try {
        QElapsedTimer step;
        step.start();
        const bool goOn = options.plan ? (!options.plan->ageDelete ||
                                          applyAgeDelete(m_settings, options, transactions, workers, report))
                                       : ageDelete(m_settings, options, transactions, workers, report);
        report.deleteSeconds = step.nsecsElapsed() / 1e9;
        step.restart();
        if (goOn)
            thinned = thin(options, plan, transactions, workers, report);
        report.thinSeconds = step.nsecsElapsed() / 1e9;
    } catch (const Error& e) {
        const QString kind = RoundTransactions::interruptionOf(e);
        if (kind.isEmpty())
            throw;
        report.interrupted = QStringLiteral("%1: %2").arg(kind, e.message());
        report.interruptedState = e.sqlState();
    }
    report.slicesPending = plan.totalSlices() - workers.slicesDone();
    report.complete = thinned && report.slicesPending == 0;
    if (options.plan) {
        explainLeft(report);
        report.complete = !report.anyOutcome(PlanUnitOutcome::Status::Left) &&
                          !report.anyOutcome(PlanUnitOutcome::Status::Stale);
    }
    report.seconds = total.nsecsElapsed() / 1e9;
    return report;
}

} // namespace tidemark::positions
