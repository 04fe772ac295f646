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
#include <algorithm>
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

// Rows older than the retention limit, in bounded batches through the BRIN index, each its own short
// transaction; false when the round must stop.
bool ageDelete(const PositionSettings& settings, const RoundOptions& options, RoundTransactions& transactions,
               RoundWorkers& workers, RoundReport& report) {
    if (settings.retentionDays == 0)
        return true;
    const Micros limit = options.now - settings.retentionDays * kMicrosPerDay;
    if (options.dryRun) {
        report.ageDeleted = transactions.countOlderThan(limit);
        return true;
    }
    const std::optional<Micros> oldest = transactions.oldestRow();
    if (!oldest || *oldest >= limit)
        return true;
    // The first window also takes the rows at '-infinity': they are older than any limit.
    QString low = QStringLiteral("-infinity");
    Micros lowAt = *oldest;
    Micros width = kFirstAgeWindow;
    while (lowAt < limit) {
        const Micros highAt = std::min(lowAt + width, limit);
        const QString high = formatIsoTimestamp(highAt);
        long long inWindow = 0;
        int batches = 0;
        for (;;) {
            if (workers.between() != RoundPlan::Stop::None)
                return false;
            const long long n =
                transactions.ageDeleteBatch(low, high, options.ageDeleteBatch, workers.statementTimeoutMs());
            inWindow += n;
            ++batches;
            report.ageDeleted += n;
            if (n < options.ageDeleteBatch)
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

// The mowers' slices: the plan read in its transaction, then the workers; true when every mower's loop ran
// to its end.
bool thin(const RoundOptions& options, RoundPlan& plan, RoundTransactions& transactions,
          RoundWorkers& workers, RoundReport& report) {
    plan.setMowers(transactions.mowers(plan.cutoff(), workers.statementTimeoutMs()), report);
    if (!plan.insideWindow())
        return false;
    if (!options.dryRun)
        transactions.analyzeIfNeverAnalyzed(workers.statementTimeoutMs());
    return workers.thin(transactions);
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
    RoundPlan plan(m_settings, options);
    checkClock(m_db, options, report);
    // Released when the round ends, however it ends.
    std::optional<AdvisoryLockGuard> lock;
    if (!options.dryRun && !lock.emplace(m_db, kAdvisoryLockKey).held()) {
        report.skippedLocked = true;
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
        const bool goOn = ageDelete(m_settings, options, transactions, workers, report);
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
    report.seconds = total.nsecsElapsed() / 1e9;
    return report;
}

} // namespace tidemark::positions
