#include "roundjob.h"

#include "error.h"
#include "pgconnection.h"
#include "positionslayout.h"
#include "roundhistory.h"
#include "taskfeedback.h"
#include "thinningmetrics.h"
#include "thinninground.h"

#include <QElapsedTimer>
#include <algorithm>

namespace tidemark::positions {

namespace {

// The report's own problems, in the words the CLI has always printed them with.
void addProblemWarnings(const RoundRequest& request, RoundReport& report) {
    if (report.clockOverride)
        report.warnings << QStringLiteral(
                               "WARNING: clock check overridden (--allow-clock-ahead): the round ran "
                               "at %1, %2 min later than the server's now() %3")
                               .arg(formatIsoTimestamp(request.now))
                               .arg(report.clockAheadSeconds / 60, 0, 'f', 1)
                               .arg(formatIsoTimestamp(report.serverNow));
    for (const MowerFailure& f : report.failures)
        report.warnings << QStringLiteral("skipped %1").arg(f.reason);
    if (!report.failures.empty())
        report.warnings
            << QStringLiteral("%1 mower(s) skipped; the others were thinned").arg(report.failures.size());
    if (!report.interrupted.isEmpty())
        report.warnings << QStringLiteral(
                               "round stopped early (%1); its transaction was rolled back and the next "
                               "round retries it")
                               .arg(report.interrupted);
}

// Every round that ran goes into the positions database's round history; the round's work is committed by
// then, so a row that cannot be written is a warning.
void recordHistory(PgConnection& db, Micros startedAt, RoundReport& report) {
    try {
        RoundHistory(db).append(startedAt, report);
    } catch (const Error& e) {
        report.warnings << QStringLiteral("WARNING: the round ran but its history row was not written: %1")
                               .arg(e.message());
    }
}

// The round's work is done and recorded by then, so a file that cannot be written (a folder the service user
// may not write to, a damaged previous file) is a warning naming the path and what named it.
void writeMetrics(const RoundRequest& request, RoundReport& report) {
    if (request.metricsFile.isEmpty())
        return;
    ThinningMetrics metrics;
    metrics.record(report);
    metrics.textfile().setLastRun(static_cast<double>(nowMicros()) / 1e6, static_cast<int>(report.verdict()));
    const QString warning =
        metrics.textfile().accumulateIntoTextfileOrWarning(request.metricsFile, request.metricsFileOrigin);
    if (!warning.isEmpty())
        report.warnings << QStringLiteral("WARNING: ") + warning;
}

} // namespace

void RoundRequest::validate() const {
    if (budgetSeconds)
        kBudget.check(*budgetSeconds);
    kJobs.check(jobs);
}

RoundReport RoundJob::run(const RoundRequest& request, TaskFeedback& feedback) {
    request.validate();
    auto db = PgConnection::open(request.conninfo, QStringLiteral("tidemark round"));
    positions::requirePositionsSchema(*db);
    const Micros startedAt = nowMicros();

    RoundProgress state;
    state.dryRun = request.dryRun;
    QElapsedTimer clock;
    clock.start();
    std::vector<double> sliceSeconds;
    double lastSliceAt = 0;
    RoundOptions options;
    options.now = request.now;
    options.dryRun = request.dryRun;
    options.ignoreWindow = request.ignoreWindow;
    options.budgetSeconds = request.budgetSeconds;
    options.allowClockAhead = request.allowClockAhead;
    options.control = &feedback;
    options.jobs = request.jobs;
    options.workerConninfo = request.conninfo;
    options.collectUnits = request.dryRun;
    options.plan = request.plan ? &*request.plan : nullptr;
    options.onPaused = [&](double seconds) {
        state.pausedSeconds = seconds;
        TaskProgress progress = pausedRoundProgress(seconds);
        progress.done = state.slicesDone;
        progress.total = state.slicesTotal;
        progress.rows = state.scanned;
        progress.detail = QVariant::fromValue(state);
        feedback.report(progress);
    };
    options.onSlice = [&](const SliceEvent& e) {
        state.pausedSeconds = -1;
        state.mowerId = e.mowerId;
        state.sliceOfMower = e.sliceOfMower;
        state.slicesOfMower = e.slicesOfMower;
        state.slicesDone = e.slicesDone;
        state.slicesTotal = e.slicesTotal;
        state.sliceScanned = e.scanned;
        state.sliceDeleted = e.deleted;
        state.scanned += e.scanned;
        state.deleted += e.deleted;
        state.elapsedSeconds = clock.nsecsElapsed() / 1e9;
        // The median pace of the latest slices: a pause (one long gap between two slices) does not skew it.
        // An event of several slices (the empty ones before a slice) counts its time once per slice.
        sliceSeconds.push_back((state.elapsedSeconds - lastSliceAt) / double(std::max(1LL, e.slices)));
        lastSliceAt = state.elapsedSeconds;
        if (sliceSeconds.size() > 64)
            sliceSeconds.erase(sliceSeconds.begin());
        std::vector<double> sorted = sliceSeconds;
        std::nth_element(sorted.begin(), sorted.begin() + long(sorted.size() / 2), sorted.end());
        state.secondsLeft = sorted[sorted.size() / 2] * double(e.slicesTotal - e.slicesDone);
        TaskProgress progress = e.progress();
        progress.secondsLeft = state.secondsLeft;
        progress.detail = QVariant::fromValue(state);
        feedback.report(progress);
    };

    RoundReport report = ThinningRound(*db, request.settings).run(options);
    report.planSha256 = request.planSha256;
    for (const PlanUnitOutcome& o : report.unitOutcomes)
        if (o.status == PlanUnitOutcome::Status::Stale)
            report.warnings << QStringLiteral("stale: %1").arg(o.detail);
    addProblemWarnings(request, report);
    if (request.recordHistory && !report.skippedLocked)
        recordHistory(*db, startedAt, report);
    writeMetrics(request, report);
    return report;
}

} // namespace tidemark::positions
