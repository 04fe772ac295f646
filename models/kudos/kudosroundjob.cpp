#include "kudosroundjob.h"

#include "archivestore.h"
#include "archiveurl.h"
#include "error.h"
#include "kudosschema.h"
#include "partitionexporter.h"
#include "pgconnection.h"
#include "processtempdir.h"
#include "retentionjob.h"
#include "retentionmetrics.h"
#include "schemamigrator.h"
#include "taskfeedback.h"

#include <QCoreApplication>
#include <QDir>

namespace tidemark::kudos {

namespace {

QString clockOverrideWarning(const RetentionReport& report, Micros now) {
    return QStringLiteral(
               "clock check overridden (--allow-clock-ahead): the job ran at %1, %2 min later than "
               "the server's now() %3; idempotency keys expired by the server's clock")
        .arg(formatIsoTimestamp(now), QString::number(report.clockAheadSeconds / 60, 'f', 1),
             formatIsoTimestamp(report.serverNow));
}

// The run's work is recorded by then: a file that cannot be written is a warning, the exit code stays.
void addMetrics(const KudosRoundRequest& request, RetentionReport& report) {
    if (request.metricsPath.isEmpty())
        return;
    RetentionMetrics metrics;
    metrics.record(report, request.dryRun);
    // When the run ended, by the wall clock (request.now is the clock of the eligibility decisions).
    metrics.textfile().setLastRun(static_cast<double>(nowMicros()) / 1e6, report.exitCode());
    const QString warning = metrics.textfile().accumulateIntoTextfileOrWarning(request.metricsPath);
    if (!warning.isEmpty())
        report.warnings << warning;
}

} // namespace

RetentionReport KudosRoundJob::run(const KudosRoundRequest& request, TaskFeedback& feedback) {
    auto db = PgConnection::open(request.conninfo, QStringLiteral("tidemark kudos retention"));
    SchemaMigrator(*db, kudos::kudosSchema()).requireSchema();
    std::unique_ptr<archive::ArchiveStore> store;
    QString problem;
    if (request.archiveUrl.isEmpty()) {
        problem = QStringLiteral("no archive is configured (TIDEMARK_ARCHIVE_URL or --archive)");
    } else {
        try {
            store = archive::openArchiveStore(request.archiveUrl);
        } catch (const Error& e) {
            if (e.kind() != Error::Kind::Connection)
                throw;
            problem = e.message();
        }
    }
    // What an export of a killed run left: its object and manifest files in $TMPDIR, an upload's temporary
    // file in the archive.
    int abandonedUploads = 0;
    if (!request.dryRun) {
        ProcessTempDir::removeAbandoned(QDir::tempPath(), archive::PartitionExporter::kScratchKind);
        if (store)
            abandonedUploads = store->removeAbandonedTemporaries();
    }
    RetentionOptions options;
    options.dryRun = request.dryRun;
    options.allowClockAhead = request.allowClockAhead;
    options.collectUnits = request.collectUnits;
    if (!request.dryRun) {
        options.plan = request.plan;
        options.planSha256 = request.planSha256;
    }
    RetentionJob job(*db, store.get(), request.settings, options);
    job.setStoreProblem(problem);
    RetentionReport report;
    if (request.oneStep && !options.plan) {
        feedback.reportProgress(0, QCoreApplication::translate("KudosRoundJob", "one action"));
        report = job.step(request.now, feedback);
        TaskProgress progress;
        progress.done = qint64(report.done.size());
        progress.total = progress.done;
        progress.stage = report.done.empty()
                             ? QCoreApplication::translate("KudosRoundJob", "nothing to do")
                             : QStringLiteral("%1 %2").arg(report.done.front().action.verb(),
                                                           report.done.front().action.entry.partition);
        feedback.report(progress);
    } else {
        report = job.run(request.now, feedback);
    }
    if (report.clockOverride)
        report.warnings << clockOverrideWarning(report, request.now);
    if (abandonedUploads > 0)
        report.warnings << QStringLiteral("removed %1 temporary file(s) that a killed upload left in %2")
                               .arg(abandonedUploads)
                               .arg(store->describe());
    addMetrics(request, report);
    return report;
}

} // namespace tidemark::kudos
