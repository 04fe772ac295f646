#include "tracksretainjob.h"

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
    // The exit code the CLI gives the run: 0, or 1 for an inconsistent R-tree.
    metrics.textfile().setLastRun(static_cast<double>(nowMicros()) / 1e6, report.indexInconsistent() ? 1 : 0);
    const QString warning =
        metrics.textfile().accumulateIntoTextfileOrWarning(request.metricsPath, request.metricsPathOrigin);
    if (!warning.isEmpty())
        *warnings << warning;
}

} // namespace

TracksRetainReport TracksRetainJob::run(const TracksRetainRequest& request, TaskFeedback& feedback) {
    TracksRetainReport report;
    report.store = request.store;
    report.retentionYears = request.retentionYears;
    report.dryRun = request.dryRun;
    report.cutoff = TracksRetention::cutoff(request.now, request.retentionYears);
    auto db = TracksDatabase::open(request.store, request.dryRun ? TracksDatabase::Access::ReadOnly
                                                                 : TracksDatabase::Access::ReadWrite);
    report.storeName = db->describe();
    TracksRetention retention(*db, request.batchSize);
    report.clockOverride =
        TracksRetention::checkClock(request.now, request.machineNow, retention.newestCreatedAt(),
                                    request.retentionYears, request.allowClockAhead, db->serverNow());
    if (const auto& c = report.clockOverride)
        report.warnings << QStringLiteral(
                               "clock check overridden (--allow-clock-ahead): %1 %2 is %3 later than "
                               "%4 %5")
                               .arg(c->clockName, formatIsoTimestamp(c->clock), durationText(c->ahead()),
                                    c->referenceName, formatIsoTimestamp(c->reference));
    if (request.dryRun) {
        report.wouldDelete = retention.preview(report.cutoff).ids;
        return report;
    }
    QElapsedTimer clock;
    clock.start();
    report.run = retention.run(report.cutoff, feedback);
    report.cancelled = report.run.cancelled;
    writeMetrics(request, report, static_cast<double>(clock.nsecsElapsed()) / 1e9, &report.warnings);
    return report;
}

} // namespace tidemark::tracks
