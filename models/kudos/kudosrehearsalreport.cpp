// The rehearsal's report: the range figures, the verdict, and the report as JSON and as text.
#include "kudosrehearsal.h"

#include "displayformat.h"
#include "rounding.h"

#include <QJsonArray>

namespace tidemark::kudos {

namespace {

constexpr double kMegabyte = 1024.0 * 1024.0;

QString megabytesPerSecond(double value) {
    return value > 0 ? display::sizePerSecond(value * kMegabyte) : QStringLiteral("–");
}

QString rowsPerSecond(double value) {
    return value > 0 ? display::count(qint64(value)) + QStringLiteral(" rows/s") : QStringLiteral("–");
}

double rate(qint64 rows, double seconds) {
    return seconds > 0 && rows >= 0 ? double(rows) / seconds : 0;
}

QJsonObject writerJson(const WriterProbeResult& w) {
    QJsonObject o{{QStringLiteral("table"), w.table},
                  {QStringLiteral("inserts"), w.inserts},
                  {QStringLiteral("slowest_ms"), roundedTo(w.slowestMillis, 3)},
                  {QStringLiteral("median_ms"), roundedTo(w.medianMillis, 3)}};
    if (!w.error.isEmpty())
        o.insert(QStringLiteral("error"), w.error);
    return o;
}

} // namespace

const RetentionStepResult* RehearsalRange::step(const QString& to) const {
    for (const RetentionStepResult& s : steps)
        if (s.action.to == to)
            return &s;
    return nullptr;
}

double RehearsalRange::rate(const QString& to) const {
    const RetentionStepResult* s = step(to);
    return s ? tidemark::kudos::rate(s->rows, s->seconds) : 0;
}

double RehearsalRange::exportMegabytesPerSecond() const {
    const RetentionStepResult* s =
        step(dataset == RetentionDataset::Currency ? QStringLiteral("exported") : QStringLiteral("dumped"));
    return s && s->seconds > 0 && contentBytes > 0 ? double(contentBytes) / kMegabyte / s->seconds : 0;
}

double RehearsalRange::verifyMegabytesPerSecond() const {
    const RetentionStepResult* s = step(QStringLiteral("verified"));
    return s && s->seconds > 0 && contentBytes > 0 ? double(contentBytes) / kMegabyte / s->seconds : 0;
}

double RehearsalRange::compressedBytesPerRow() const {
    return rows > 0 && objectBytes > 0 ? double(objectBytes) / double(rows) : 0;
}

bool RehearsalRange::verified() const {
    return failure.isEmpty() && step(dataset == RetentionDataset::Currency ? QStringLiteral("verified")
                                                                           : QStringLiteral("dumped"));
}

bool RehearsalRange::restoredEqual() const {
    return restoreProblem.isEmpty() && restoredTableRows == rows && restoredSqliteRows == rows;
}

bool KudosRehearsalReport::go() const {
    return !cancelled && !verdicts.empty() &&
           std::all_of(verdicts.begin(), verdicts.end(), [](const RehearsalVerdict& v) { return v.go; });
}

int KudosRehearsalReport::exitCode() const {
    return cancelled ? 75 : go() ? 0 : 1;
}

QJsonObject KudosRehearsalReport::toJson() const {
    QJsonObject swapJson{{QStringLiteral("measured"), swap.measured}};
    if (swap.measured) {
        swapJson.insert(QStringLiteral("boundary"), formatIsoTimestamp(swap.boundary));
        swapJson.insert(QStringLiteral("completed"), swap.swap.completed);
        swapJson.insert(QStringLiteral("lock_ms"), roundedTo(swap.swap.lockMillis, 3));
        swapJson.insert(QStringLiteral("lock_attempts"), swap.swap.lockAttempts);
        swapJson.insert(QStringLiteral("index_build_seconds"), roundedTo(swap.swap.indexBuildSeconds, 3));
        swapJson.insert(QStringLiteral("validate_seconds"), roundedTo(swap.swap.validateSeconds, 3));
        swapJson.insert(QStringLiteral("writer"), writerJson(swap.writer));
    }
    QJsonArray rangesJson;
    for (const RehearsalRange& r : ranges) {
        QJsonArray stepsJson;
        for (const RetentionStepResult& s : r.steps)
            stepsJson.append(QJsonObject{{QStringLiteral("action"), PlannedAction::actionWord(s.action.to)},
                                         {QStringLiteral("rows"), s.rows},
                                         {QStringLiteral("bytes"), s.bytes},
                                         {QStringLiteral("seconds"), roundedTo(s.seconds, 4)}});
        QJsonObject o{
            {QStringLiteral("dataset"), datasetName(r.dataset)},
            {QStringLiteral("partition"), r.partition},
            {QStringLiteral("lo"), formatIsoTimestamp(r.lo)},
            {QStringLiteral("hi"), formatIsoTimestamp(r.hi)},
            {QStringLiteral("rows"), r.rows},
            {QStringLiteral("steps"), stepsJson},
            {QStringLiteral("rollup_rows_per_second"), roundedTo(r.rate(QStringLiteral("rolled_up")), 1)},
            {QStringLiteral("checkpoint_seconds"),
             r.step(QStringLiteral("checkpointed"))
                 ? roundedTo(r.step(QStringLiteral("checkpointed"))->seconds, 4)
                 : QJsonValue()},
            {QStringLiteral("statement_seconds"),
             r.step(QStringLiteral("stated")) ? roundedTo(r.step(QStringLiteral("stated"))->seconds, 4)
                                              : QJsonValue()},
            {QStringLiteral("export_mib_per_second"), roundedTo(r.exportMegabytesPerSecond(), 2)},
            {QStringLiteral("verify_mib_per_second"), roundedTo(r.verifyMegabytesPerSecond(), 2)},
            {QStringLiteral("compressed_bytes_per_row"), roundedTo(r.compressedBytesPerRow(), 2)},
            {QStringLiteral("object_key"), r.objectKey},
            {QStringLiteral("content_bytes"), r.contentBytes},
            {QStringLiteral("object_bytes"), r.objectBytes},
            {QStringLiteral("verified"), r.verified()},
            {QStringLiteral("dropped"), r.dropped},
            {QStringLiteral("restored_table_rows"), r.restoredTableRows},
            {QStringLiteral("restore_table_rows_per_second"),
             roundedTo(rate(r.restoredTableRows, r.restoreTableSeconds), 1)},
            {QStringLiteral("restored_sqlite_rows"), r.restoredSqliteRows},
            {QStringLiteral("restore_sqlite_rows_per_second"),
             roundedTo(rate(r.restoredSqliteRows, r.restoreSqliteSeconds), 1)},
            {QStringLiteral("restored_equal"), r.restoredEqual()}};
        if (!r.failure.isEmpty())
            o.insert(QStringLiteral("failure"), r.failure);
        if (!r.restoreProblem.isEmpty())
            o.insert(QStringLiteral("restore_problem"), r.restoreProblem);
        if (r.dropped) {
            o.insert(QStringLiteral("drop_lock_seconds"), roundedTo(r.dropLockSeconds, 4));
            o.insert(QStringLiteral("drop_writer"), writerJson(r.dropWriter));
        } else {
            o.insert(QStringLiteral("drop_not_reached"), r.dropNotReached);
        }
        rangesJson.append(o);
    }
    QJsonArray plansJson;
    for (const RehearsalQueryPlan& p : plans)
        plansJson.append(QJsonObject{{QStringLiteral("name"), p.name},
                                     {QStringLiteral("when"), p.when},
                                     {QStringLiteral("sql"), p.sql},
                                     {QStringLiteral("plan"), QJsonArray::fromStringList(p.plan)},
                                     {QStringLiteral("partitions"), p.partitions},
                                     {QStringLiteral("partitions_scanned"), p.partitionsScanned},
                                     {QStringLiteral("partitions_in_range"), p.partitionsInRange},
                                     {QStringLiteral("pruned"), p.pruned()}});
    QJsonArray projectionsJson;
    for (const RehearsalProjection& p : projections)
        projectionsJson.append(QJsonObject{
            {QStringLiteral("dataset"), datasetName(p.dataset)},
            {QStringLiteral("backlog_rows"), p.backlogRows},
            {QStringLiteral("backlog_seconds"),
             p.backlogHours >= 0 ? QJsonValue(roundedTo(p.backlogHours * 3600, 1)) : QJsonValue()},
            {QStringLiteral("rows_per_week"), p.rowsPerWeek},
            {QStringLiteral("archive_bytes_per_week"),
             p.archiveBytesPerWeek >= 0 ? QJsonValue(qint64(p.archiveBytesPerWeek)) : QJsonValue()},
            {QStringLiteral("backlog_archive_bytes"),
             p.backlogArchiveBytes >= 0 ? QJsonValue(p.backlogArchiveBytes) : QJsonValue()},
            {QStringLiteral("tier_bytes_now"), p.tierBytesNow},
            {QStringLiteral("budget_bytes"), p.budgetBytes},
            {QStringLiteral("budget_reached_at"),
             p.budgetReachedAt ? QJsonValue(formatIsoTimestamp(*p.budgetReachedAt)) : QJsonValue()}});
    QJsonArray verdictsJson;
    for (const RehearsalVerdict& v : verdicts)
        verdictsJson.append(
            QJsonObject{{QStringLiteral("measure"), v.measure},
                        {QStringLiteral("wording"), v.wording},
                        {QStringLiteral("verdict"), v.go ? QStringLiteral("go") : QStringLiteral("not yet")},
                        {QStringLiteral("why"), v.why}});
    return {{QStringLiteral("database"), database},
            {QStringLiteral("archive"), archive},
            {QStringLiteral("scratch_archive"), scratchArchive},
            {QStringLiteral("now"), formatIsoTimestamp(now)},
            {QStringLiteral("server_now"), formatIsoTimestamp(serverNow)},
            {QStringLiteral("max_lock_ms"), maxLockMillis},
            {QStringLiteral("verdict"), go() ? QStringLiteral("go") : QStringLiteral("not yet")},
            {QStringLiteral("verdicts"), verdictsJson},
            {QStringLiteral("swap"), swapJson},
            {QStringLiteral("ranges"), rangesJson},
            {QStringLiteral("plans"), plansJson},
            {QStringLiteral("projections"), projectionsJson},
            {QStringLiteral("changes"), QJsonArray::fromStringList(changes)},
            {QStringLiteral("warnings"), QJsonArray::fromStringList(warnings)},
            {QStringLiteral("cancelled"), cancelled},
            {QStringLiteral("seconds"), roundedTo(seconds, 3)}};
}

QString KudosRehearsalReport::toText() const {
    QStringList lines;
    lines << QStringLiteral("Kudos rehearsal on %1: %2")
                 .arg(database, go() ? QStringLiteral("GO") : QStringLiteral("NOT YET"));
    lines << QStringLiteral("clock %1 (server %2), archive %3%4, %5")
                 .arg(display::instant(now), display::instant(serverNow), archive,
                      scratchArchive ? QStringLiteral(" (scratch, removed)") : QString(),
                      display::duration(seconds));
    if (cancelled)
        lines << QStringLiteral("cancelled: the figures below are what was measured before the stop");
    lines << QString();
    for (const RehearsalVerdict& v : verdicts)
        lines << QStringLiteral("%1  %2: %3")
                     .arg(v.go ? QStringLiteral("go     ") : QStringLiteral("not yet"), v.wording, v.why);

    lines << QString() << QStringLiteral("The swap lock duration");
    if (swap.measured) {
        lines << QStringLiteral(
                     "  exclusive lock %1 (both tables, %2 attempt(s)); a concurrent writer: %3 inserts, "
                     "slowest %4, median %5")
                     .arg(display::milliseconds(swap.swap.lockMillis))
                     .arg(swap.swap.lockAttempts)
                     .arg(display::count(swap.writer.inserts),
                          display::milliseconds(swap.writer.slowestMillis),
                          display::milliseconds(swap.writer.medianMillis));
        lines << QStringLiteral("  index builds %1, validation %2, boundary %3")
                     .arg(display::duration(swap.swap.indexBuildSeconds),
                          display::duration(swap.swap.validateSeconds), display::instant(swap.boundary));
    } else {
        lines << QStringLiteral("  not measured: the copy's tables were partitioned already");
    }

    for (const RehearsalRange& r : ranges) {
        lines << QString()
              << QStringLiteral("Rollup and export throughput, checkpoint cost: %1 %2 [%3, %4), %5 rows")
                     .arg(datasetName(r.dataset), r.partition, display::instant(r.lo), display::instant(r.hi),
                          display::count(r.rows));
        for (const RetentionStepResult& s : r.steps)
            lines << QStringLiteral("  %1: %2 rows in %3")
                         .arg(s.action.verb(), display::count(s.rows), display::duration(s.seconds));
        if (r.dataset == RetentionDataset::Statistics)
            lines << QStringLiteral("  roll-up %1").arg(rowsPerSecond(r.rate(QStringLiteral("rolled_up"))));
        else if (const RetentionStepResult* c = r.step(QStringLiteral("checkpointed")))
            lines << QStringLiteral("  checkpoint %1, statements %2")
                         .arg(display::duration(c->seconds),
                              r.step(QStringLiteral("stated"))
                                  ? display::duration(r.step(QStringLiteral("stated"))->seconds)
                                  : QStringLiteral("–"));
        lines << QStringLiteral("  export %1 of CSV, %2 compressed bytes per row, verify %3")
                     .arg(megabytesPerSecond(r.exportMegabytesPerSecond()),
                          display::number(r.compressedBytesPerRow(), 1),
                          megabytesPerSecond(r.verifyMegabytesPerSecond()));
        if (!r.failure.isEmpty())
            lines << QStringLiteral("  stopped: %1").arg(r.failure);
        if (r.dropped)
            lines << QStringLiteral("  drop: parent lock %1; a concurrent writer: slowest insert %2")
                         .arg(display::milliseconds(r.dropLockSeconds * 1000),
                              display::milliseconds(r.dropWriter.slowestMillis));
        else
            lines << QStringLiteral("  drop not reached: %1").arg(r.dropNotReached);
        lines << QStringLiteral("  restore time: %1 into a table (%2), %3 into a SQLite file (%4)%5")
                     .arg(display::count(std::max<qint64>(r.restoredTableRows, 0)),
                          rowsPerSecond(rate(r.restoredTableRows, r.restoreTableSeconds)),
                          display::count(std::max<qint64>(r.restoredSqliteRows, 0)),
                          rowsPerSecond(rate(r.restoredSqliteRows, r.restoreSqliteSeconds)),
                          r.restoreProblem.isEmpty() ? QString() : QStringLiteral("; ") + r.restoreProblem);
    }

    lines << QString() << QStringLiteral("Partition query plans");
    for (const RehearsalQueryPlan& p : plans) {
        lines << QStringLiteral("  %1, %2: %3 of %4 partition(s) read%5")
                     .arg(p.name, p.when)
                     .arg(p.partitionsScanned)
                     .arg(p.partitions)
                     .arg(p.boundedByCreated()
                              ? QStringLiteral(", %1 hold its range: %2")
                                    .arg(p.partitionsInRange)
                                    .arg(p.pruned() ? QStringLiteral("pruned") : QStringLiteral("NOT pruned"))
                              : QString());
        for (const QString& line : p.plan)
            lines << QStringLiteral("      ") + line;
    }

    lines << QString() << QStringLiteral("Projections at these rates");
    for (const RehearsalProjection& p : projections) {
        QString budget =
            p.budgetBytes <= 0 ? QStringLiteral("no budget set")
            : p.budgetReachedAt
                ? QStringLiteral("reaches its budget of %1 on %2")
                      .arg(display::size(p.budgetBytes), display::date(*p.budgetReachedAt))
                : QStringLiteral("stays under its budget of %1").arg(display::size(p.budgetBytes));
        lines << QStringLiteral(
                     "  %1: backlog %2 rows, the first night's work %3; %4 rows a week, %5 of archive a "
                     "week; the tier %6")
                     .arg(datasetName(p.dataset), display::count(p.backlogRows),
                          p.backlogHours >= 0 ? display::duration(p.backlogHours * 3600)
                                              : QStringLiteral("unknown"),
                          display::count(p.rowsPerWeek),
                          p.archiveBytesPerWeek >= 0 ? display::size(qint64(p.archiveBytesPerWeek))
                                                     : QStringLiteral("unknown"),
                          budget);
    }

    lines << QString() << QStringLiteral("What the rehearsal changed on %1").arg(database);
    if (changes.isEmpty())
        lines << QStringLiteral("  nothing");
    for (const QString& change : changes)
        lines << QStringLiteral("  ") + change;
    for (const QString& warning : warnings)
        lines << QStringLiteral("warning: ") + warning;
    return lines.join(QLatin1Char('\n'));
}

} // namespace tidemark::kudos
