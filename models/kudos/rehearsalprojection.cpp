#include "rehearsalprojection.h"

#include "archivestore.h"
#include "displayformat.h"
#include "pgconnection.h"

#include <cmath>

namespace tidemark::kudos {

namespace {

constexpr Micros kWeek = 7 * kMicrosPerDay;

qint64 rowsBetween(PgConnection& db, RetentionDataset dataset, Micros from, Micros to) {
    return db
        .exec(QStringLiteral("SELECT count(*) FROM %1 WHERE created >= $1::timestamp AND created < "
                             "$2::timestamp")
                  .arg(datasetTable(dataset)),
              {utcParam(from), utcParam(to)})
        .toLong(0, 0);
}

qint64 rowsBefore(PgConnection& db, RetentionDataset dataset, Micros to) {
    return db
        .exec(QStringLiteral("SELECT count(*) FROM %1 WHERE created < $1::timestamp")
                  .arg(datasetTable(dataset)),
              {utcParam(to)})
        .toLong(0, 0);
}

// Seconds per row of the range's chain up to its drop (the drop's time does not grow with the rows).
double secondsPerRow(const RehearsalRange& range) {
    double seconds = 0;
    for (const RetentionStepResult& step : range.steps)
        if (step.action.to != QLatin1String("dropped"))
            seconds += step.seconds;
    return range.rows > 0 && !range.steps.empty() ? seconds / double(range.rows) : -1;
}

} // namespace

std::optional<Micros> budgetReachedAt(qint64 budgetBytes, qint64 bytesAfterBacklog, double weeklyBytes,
                                      Micros now) {
    if (budgetBytes <= 0)
        return std::nullopt;
    if (bytesAfterBacklog >= budgetBytes)
        return now;
    if (!(weeklyBytes > 0))
        return std::nullopt;
    const double weeks = double(budgetBytes - bytesAfterBacklog) / weeklyBytes;
    return now + Micros(std::ceil(weeks * double(kWeek)));
}

std::vector<RehearsalProjection> projectRehearsal(PgConnection& db, archive::ArchiveStore& store,
                                                  const KudosRehearsalReport& report,
                                                  const KudosSettings& settings) {
    std::vector<RehearsalProjection> projections;
    for (const RehearsalRange& range : report.ranges) {
        RehearsalProjection p;
        p.dataset = range.dataset;
        const Micros window =
            range.dataset == RetentionDataset::Currency ? settings.currencyWindow() : settings.statsWindow();
        p.backlogRows = rowsBefore(db, range.dataset, report.now - window);
        if (const double perRow = secondsPerRow(range); perRow >= 0)
            p.backlogHours = double(p.backlogRows) * perRow / 3600.0;
        p.rowsPerWeek = rowsBetween(db, range.dataset, report.serverNow - 4 * kWeek, report.serverNow) / 4;
        const double bytesPerRow = range.compressedBytesPerRow();
        if (bytesPerRow > 0) {
            p.archiveBytesPerWeek = double(p.rowsPerWeek) * bytesPerRow;
            p.backlogArchiveBytes = qint64(double(p.backlogRows) * bytesPerRow);
        }
        p.tierBytesNow =
            report.scratchArchive ? 0 : store.usedBytes(datasetName(range.dataset) + QLatin1Char('/'));
        p.budgetBytes = range.dataset == RetentionDataset::Currency ? settings.currencyBudgetBytes
                                                                    : settings.statisticsBudgetBytes;
        if (p.backlogArchiveBytes >= 0)
            p.budgetReachedAt = budgetReachedAt(p.budgetBytes, p.tierBytesNow + p.backlogArchiveBytes,
                                                p.archiveBytesPerWeek, report.now);
        projections.push_back(p);
    }
    return projections;
}

std::vector<RehearsalVerdict> rehearsalVerdicts(const KudosRehearsalReport& report) {
    std::vector<RehearsalVerdict> verdicts;
    const QString limit = display::milliseconds(report.maxLockMillis);

    // The locks: the swap's and each measured drop's, as the writer saw them and as the step held them.
    RehearsalVerdict lock{QStringLiteral("swap_lock"), QStringLiteral("the swap lock duration"), true, {}};
    QStringList locks;
    if (report.swap.measured) {
        const double seen = std::max(report.swap.swap.lockMillis, report.swap.writer.slowestMillis);
        locks << QStringLiteral("the swap held its lock %1, a writer waited at most %2")
                     .arg(display::milliseconds(report.swap.swap.lockMillis),
                          display::milliseconds(report.swap.writer.slowestMillis));
        if (!report.swap.swap.completed) {
            lock.go = false;
            locks << QStringLiteral("the swap did not complete");
        } else if (seen > report.maxLockMillis) {
            lock.go = false;
        }
        if (!report.swap.writer.error.isEmpty()) {
            lock.go = false;
            locks << QStringLiteral("the writer failed: %1").arg(report.swap.writer.error);
        }
    } else {
        locks << QStringLiteral("not measured: the copy's tables were partitioned already");
    }
    for (const RehearsalRange& range : report.ranges) {
        if (!range.dropped)
            continue;
        const double seen = std::max(range.dropLockSeconds * 1000, range.dropWriter.slowestMillis);
        locks << QStringLiteral("the %1 drop: a writer waited at most %2")
                     .arg(datasetName(range.dataset), display::milliseconds(range.dropWriter.slowestMillis));
        if (seen > report.maxLockMillis)
            lock.go = false;
    }
    lock.why = locks.join(QStringLiteral("; ")) + QStringLiteral(" (limit %1)").arg(limit);
    verdicts.push_back(lock);

    RehearsalVerdict throughput{
        QStringLiteral("rollup_export_throughput"), QStringLiteral("rollup and export throughput"), true, {}};
    RehearsalVerdict checkpoint{QStringLiteral("checkpoint_cost"), QStringLiteral("checkpoint cost"), false,
                                QStringLiteral("no currency range was eligible at the rehearsal's clock")};
    RehearsalVerdict restore{QStringLiteral("restore_time"), QStringLiteral("restore time"), true, {}};
    QStringList chainWhy, restoreWhy;
    for (const RetentionDataset dataset : {RetentionDataset::Statistics, RetentionDataset::Currency}) {
        const auto it = std::find_if(report.ranges.begin(), report.ranges.end(),
                                     [dataset](const RehearsalRange& r) { return r.dataset == dataset; });
        const QString name = datasetName(dataset);
        if (it == report.ranges.end()) {
            throughput.go = restore.go = false;
            chainWhy << QStringLiteral(
                            "%1: no range is eligible at the rehearsal's clock, %2 (a later clock makes "
                            "more weeks eligible)")
                            .arg(name, display::instant(report.now));
            restoreWhy << QStringLiteral("%1: nothing exported").arg(name);
            continue;
        }
        if (!it->verified()) {
            throughput.go = restore.go = false;
            chainWhy << QStringLiteral("%1: %2").arg(
                name, it->failure.isEmpty() ? QStringLiteral("not verified") : it->failure);
        } else {
            chainWhy << QStringLiteral("%1: verified").arg(name);
        }
        if (!it->restoredEqual()) {
            restore.go = false;
            restoreWhy << QStringLiteral("%1: %2").arg(name, it->restoreProblem.isEmpty()
                                                                 ? QStringLiteral("not restored equal")
                                                                 : it->restoreProblem);
        } else {
            restoreWhy << QStringLiteral("%1: %2 rows restored equal into a table and a SQLite file")
                              .arg(name, display::count(it->rows));
        }
        if (dataset == RetentionDataset::Currency) {
            const bool checkpointed =
                it->step(QStringLiteral("checkpointed")) && it->step(QStringLiteral("stated"));
            checkpoint.go = checkpointed;
            checkpoint.why = checkpointed
                                 ? QStringLiteral("checkpoint and statements written")
                                 : QStringLiteral("the checkpoint did not complete: %1").arg(it->failure);
        }
    }
    throughput.why = chainWhy.join(QStringLiteral("; "));
    restore.why = restoreWhy.join(QStringLiteral("; "));
    verdicts.push_back(throughput);
    verdicts.push_back(checkpoint);

    RehearsalVerdict plans{QStringLiteral("query_plans"), QStringLiteral("partition query plans"), true, {}};
    QStringList planWhy;
    bool any = false;
    for (const RehearsalQueryPlan& plan : report.plans) {
        if (plan.when != QLatin1String("after the swap") || !plan.boundedByCreated())
            continue;
        any = true;
        planWhy << QStringLiteral("%1 reads %2 of %3 partitions, %4 of them hold its range")
                       .arg(plan.name)
                       .arg(plan.partitionsScanned)
                       .arg(plan.partitions)
                       .arg(plan.partitionsInRange);
        if (!plan.pruned())
            plans.go = false;
    }
    if (!any) {
        plans.go = false;
        planWhy << QStringLiteral("no plan after the swap");
    }
    plans.why = planWhy.join(QStringLiteral("; "));
    verdicts.push_back(plans);
    verdicts.push_back(restore);
    return verdicts;
}

} // namespace tidemark::kudos
