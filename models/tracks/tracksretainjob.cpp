#include "tracksretainjob.h"

#include "displayformat.h"
#include "taskfeedback.h"
#include "tracksdatabase.h"
#include "tracksretentionmetrics.h"

#include <QElapsedTimer>

namespace tidemark::tracks {

namespace {

// The run is done and recorded by then: a metrics file that cannot be written is a warning naming it.
void writeMetrics(const TracksRetainRequest& request, const TracksRetainReport& report, double seconds,
                  QStringList* warnings) {
    if (request.metricsPath.isEmpty())
        return;
    TracksRetentionMetrics metrics;
    metrics.record(report.run, seconds, report.clockOverride.has_value());
    // The exit code the CLI gives the run: 0, or 1 for an inconsistent R-tree (an apply: its own).
    metrics.textfile().setLastRun(static_cast<double>(nowMicros()) / 1e6, report.applied
                                                                              ? report.applyExitCode()
                                                                          : report.indexInconsistent() ? 1
                                                                                                       : 0);
    const QString warning =
        metrics.textfile().accumulateIntoTextfileOrWarning(request.metricsPath, request.metricsPathOrigin);
    if (!warning.isEmpty())
        *warnings << warning;
}

// The run in the store's tracks_retention_runs (a store before version 3 has none: an apply warns).
void recordRun(TracksDatabase& db, Micros startedAt, TracksRetainReport* report) {
    TracksRetentionRun run;
    run.startedAt = startedAt;
    run.finishedAt = nowMicros();
    run.cutoff = report->cutoff;
    run.deleted = static_cast<qint64>(report->run.deleted.size());
    run.stale = report->outcomesOf(PlanUnitOutcome::Status::Stale);
    run.left = report->outcomesOf(PlanUnitOutcome::Status::Left);
    run.status = report->cancelled ? QStringLiteral("cancelled")
                 : run.stale > 0   ? QStringLiteral("stale")
                                   : QStringLiteral("done");
    run.planSha256 = report->planSha256;
    report->recorded = db.recordRetentionRun(run);
    if (!report->recorded && report->applied)
        report->warnings << QStringLiteral("the apply of plan %1 was not recorded in %2: the store has no "
                                           "tracks_retention_runs (run: tidemark-cli tracks init)")
                                .arg(report->planSha256, report->storeName);
}

} // namespace

qint64 TracksRetainReport::outcomesOf(PlanUnitOutcome::Status status) const {
    return PlanUnitOutcome::count(unitOutcomes, status);
}

int TracksRetainReport::applyExitCode() const {
    if (outcomesOf(PlanUnitOutcome::Status::Stale) > 0 || indexInconsistent())
        return 1;
    return cancelled || outcomesOf(PlanUnitOutcome::Status::Left) > 0 ? 75 : 0;
}

void TracksRetainRequest::validate() const {
    kRetentionYears.check(retentionYears);
    kBatchSize.check(batchSize);
}

TracksRetainReport TracksRetainJob::run(const TracksRetainRequest& request, TaskFeedback& feedback) {
    request.validate();
    const Micros startedAt = nowMicros();
    TracksRetainReport report;
    report.store = request.store;
    report.retentionYears = request.retentionYears;
    report.dryRun = request.dryRun;
    report.applied = !request.dryRun && request.plan.has_value();
    report.planSha256 = report.applied ? request.planSha256 : QString();
    report.cutoff = TracksRetention::cutoff(request.now, request.retentionYears);
    auto db = TracksDatabase::open(request.store, request.dryRun ? TracksDatabase::Access::ReadOnly
                                                                 : TracksDatabase::Access::ReadWrite);
    report.storeName = db->describe();
    report.storeId = db->storeId();
    TracksRetention retention(*db, request.batchSize);
    const std::optional<Micros> serverNow = db->serverNow();
    report.clockOverride =
        TracksRetention::checkClock(request.now, request.machineNow, retention.newestCreatedAt(),
                                    request.retentionYears, request.allowClockAhead, serverNow);
    if (const auto& c = report.clockOverride)
        report.warnings << QStringLiteral(
                               "clock check overridden (--allow-clock-ahead): %1 %2 is %3 later than "
                               "%4 %5")
                               .arg(c->clockName, formatIsoTimestamp(c->clock),
                                    display::duration(double(c->ahead()) / kMicrosPerSecond),
                                    c->referenceName, formatIsoTimestamp(c->reference));
    if (request.dryRun) {
        if (request.collectUnits) {
            report.units.tracks = db->plannedTracksCreatedBefore(report.cutoff);
            report.wouldDelete = report.units.ids();
        } else {
            report.wouldDelete = retention.preview(report.cutoff).ids;
        }
        return report;
    }
    QElapsedTimer clock;
    clock.start();
    if (report.applied) {
        // Ages by the store's clock at apply time (a file's: this machine's), unless the run's own clock was
        // allowed ahead (a rehearsal, recorded as such).
        const bool byRunClock = request.allowClockAhead;
        const QString clockName = byRunClock  ? QStringLiteral("the retention's clock")
                                  : serverNow ? QStringLiteral("the database server's clock")
                                              : QStringLiteral("this machine's clock");
        report.cutoff = TracksRetention::cutoff(
            byRunClock ? request.now : serverNow.value_or(request.machineNow), request.retentionYears);
        report.run = retention.apply(*request.plan, report.cutoff, clockName, feedback, &report.unitOutcomes);
    } else {
        report.run = retention.run(report.cutoff, feedback);
    }
    report.cancelled = report.run.cancelled;
    recordRun(*db, startedAt, &report);
    writeMetrics(request, report, static_cast<double>(clock.nsecsElapsed()) / 1e9, &report.warnings);
    return report;
}

} // namespace tidemark::tracks
