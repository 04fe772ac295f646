#include "clicontext.h"
#include "cliregistry.h"
#include "commandfeedback.h"
#include "displayformat.h"

#include "error.h"
#include "kudossettings.h"
#include "kudosswapjob.h"

#include <QJsonArray>

namespace tidemark::cli {

using namespace tidemark::kudos;

namespace {

const QCommandLineOption
    kDryRun(QStringLiteral("dry-run"),
            QStringLiteral("Print the boundary, the steps with their SQL and the partitions "
                           "the swap would create; change nothing."));

QJsonArray toJson(const QStringList& list) {
    return QJsonArray::fromStringList(list);
}

QJsonObject planJson(const SwapPlan& plan) {
    QJsonArray tables;
    for (const TableSwapPlan& t : plan.tables) {
        QStringList names;
        for (const KudosPartition& p : t.newPartitions)
            names << p.name;
        tables.append(QJsonObject{{QStringLiteral("table"), t.table},
                                  {QStringLiteral("already_partitioned"), t.alreadyPartitioned},
                                  {QStringLiteral("parent_exists"), t.parentExists},
                                  {QStringLiteral("first_partition"), initialPartitionName(t.table)},
                                  {QStringLiteral("new_partitions"), toJson(names)}});
    }
    QJsonArray steps;
    for (const SwapStep& s : plan.steps)
        steps.append(QJsonObject{{QStringLiteral("phase"), s.phase},
                                 {QStringLiteral("table"), s.table},
                                 {QStringLiteral("description"), s.description},
                                 {QStringLiteral("concurrently"), s.concurrently},
                                 {QStringLiteral("sql"), toJson(s.sql)}});
    return {{QStringLiteral("now"), formatIsoTimestamp(plan.now)},
            {QStringLiteral("boundary"), formatIsoTimestamp(plan.boundary)},
            {QStringLiteral("already_partitioned"), plan.alreadyPartitioned()},
            {QStringLiteral("tables"), tables},
            {QStringLiteral("steps"), steps}};
}

int runSwap(CliContext& ctx) {
    KudosSwapRequest request;
    request.settings = ctx.settings().kudos;
    request.conninfo = ctx.dbConninfo();
    request.now = ctx.now();
    request.dryRun = ctx.isSet(QStringLiteral("dry-run"));
    CommandFeedback feedback(ctx);
    if (!ctx.json()) {
        // Each step is named before it runs (an index build may take minutes).
        feedback.setSink([&ctx, &feedback, line = feedback.sink()](const TaskProgress& p) {
            if (p.detail.canConvert<SwapStep>()) {
                feedback.finishProgress();
                ctx.out() << p.detail.value<SwapStep>().line() << '\n';
                ctx.out().flush();
            }
            if (line)
                line(p);
        });
    }
    const KudosSwapReport job = KudosSwapJob::run(request, feedback);
    feedback.finishProgress();
    const SwapPlan& plan = job.plan;
    QJsonObject json = planJson(plan);
    json.insert(QStringLiteral("dry_run"), job.dryRun);
    if (job.dryRun) {
        ctx.print(json, plan.lines().join(QLatin1Char('\n')));
        return job.exitCode();
    }
    if (plan.alreadyPartitioned()) {
        json.insert(QStringLiteral("completed"), true);
        ctx.print(json,
                  QStringLiteral("kudos swap: kudos_ledger and kudos_stat_events are already partitioned; "
                                 "nothing to do"));
        return job.exitCode();
    }
    if (job.lockBusy) {
        for (const QString& warning : job.warnings)
            ctx.err() << "tidemark-cli: " << warning << '\n';
        return job.exitCode();
    }
    const SwapReport& report = job.swap;
    json.insert(QStringLiteral("cancelled"), report.cancelled);
    json.insert(QStringLiteral("completed"), report.completed);
    json.insert(QStringLiteral("steps_done"), toJson(report.stepsDone));
    json.insert(QStringLiteral("lock_ms"), roundedTo(report.lockMillis, 3));
    json.insert(QStringLiteral("lock_attempts"), report.lockAttempts);
    json.insert(QStringLiteral("seq_scans_under_lock"), report.seqScansUnderLock);
    json.insert(QStringLiteral("index_build_seconds"), roundedTo(report.indexBuildSeconds, 3));
    json.insert(QStringLiteral("validate_seconds"), roundedTo(report.validateSeconds, 3));
    json.insert(QStringLiteral("total_seconds"), roundedTo(report.totalSeconds, 3));
    json.insert(QStringLiteral("partitions_created"), toJson(report.partitionsCreated));
    json.insert(QStringLiteral("keys_backfilled"), report.keysBackfilled);
    if (report.cancelled) {
        ctx.print(json, QStringLiteral("kudos swap cancelled after %1 step(s); a later run resumes")
                            .arg(report.stepsDone.size()));
        return job.exitCode();
    }
    ctx.print(json,
              QStringLiteral("kudos swap done: boundary %1, exclusive lock %2 ms (both tables, one "
                             "transaction, %3 attempt(s)), %4 sequential scans under the lock, index build "
                             "%5, validate %6, %7 partitions created, %8 idempotency keys backfilled")
                  .arg(formatIsoTimestamp(plan.boundary))
                  .arg(report.lockMillis, 0, 'f', 1)
                  .arg(report.lockAttempts)
                  .arg(report.seqScansUnderLock)
                  .arg(display::duration(report.indexBuildSeconds))
                  .arg(display::duration(report.validateSeconds))
                  .arg(report.partitionsCreated.size())
                  .arg(report.keysBackfilled));
    return job.exitCode();
}

} // namespace

void registerKudosSwapCommands(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("kudos"), QStringLiteral("swap")},
         QStringLiteral("Partition kudos_ledger and kudos_stat_events by created (the old heaps become "
                        "the first partitions; resumable)."),
         {kDryRun},
         {CommonOption::Db},
         {},
         runSwap});
}

} // namespace tidemark::cli
