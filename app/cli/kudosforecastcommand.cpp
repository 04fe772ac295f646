#include "clicontext.h"
#include "cliregistry.h"
#include "commandfeedback.h"

#include "kudosforecastjob.h"

#include <QJsonArray>

namespace tidemark::cli {

using namespace tidemark::kudos;

namespace {

QString day(Micros t) {
    return formatIsoTimestamp(t).left(10);
}

QJsonValue orNull(const std::optional<qint64>& v) {
    return v ? QJsonValue(double(*v)) : QJsonValue();
}
QJsonValue orNull(const std::optional<double>& v) {
    return v ? QJsonValue(roundedTo(*v, 3)) : QJsonValue();
}
QJsonValue orNull(const QString& reason) {
    return reason.isEmpty() ? QJsonValue() : QJsonValue(reason);
}
QString number(const std::optional<double>& v, const QString& reason) {
    return v ? QString::number(*v, 'f', 1) : QStringLiteral("null (%1)").arg(reason);
}

QJsonObject nextRunJson(const KudosForecast::NextRun& n) {
    return {{QStringLiteral("ranges_rolled_up"), n.rangesRolledUp},
            {QStringLiteral("rows_rolled_up"), double(n.rowsRolledUp)},
            {QStringLiteral("rollup_rows_added"), double(n.rollupRowsAdded)},
            {QStringLiteral("ranges_archived"), n.rangesArchived},
            {QStringLiteral("rows_archived"), double(n.rowsArchived)},
            {QStringLiteral("bytes_archived"), orNull(n.bytesArchived)},
            {QStringLiteral("partitions_dropped"), n.partitionsDropped},
            {QStringLiteral("rows_dropped"), double(n.rowsDropped)},
            {QStringLiteral("stopped_by"), orNull(n.stoppedBy)}};
}

QJsonObject tableJson(const KudosForecast::Table& t) {
    QJsonArray weeks;
    for (const KudosForecast::Week& w : t.weeks)
        weeks.append(QJsonObject{{QStringLiteral("partition"), w.partition},
                                 {QStringLiteral("lo"), formatIsoTimestamp(w.lo)},
                                 {QStringLiteral("hi"), formatIsoTimestamp(w.hi)},
                                 {QStringLiteral("subrange"), w.subrange},
                                 {QStringLiteral("rows"), double(w.rows)},
                                 {QStringLiteral("bytes"), double(w.bytes)},
                                 {QStringLiteral("bytes_estimated"), w.bytesEstimated},
                                 {QStringLiteral("complete"), w.complete}});
    return {{QStringLiteral("table"), t.table},
            {QStringLiteral("dataset"), datasetName(t.dataset)},
            {QStringLiteral("rows"), double(t.rows)},
            {QStringLiteral("bytes"), double(t.bytes)},
            {QStringLiteral("weeks"), weeks},
            {QStringLiteral("weeks_measured"), roundedTo(t.weeksMeasured, 3)},
            {QStringLiteral("rows_per_week"), orNull(t.rowsPerWeek)},
            {QStringLiteral("bytes_per_week"), orNull(t.bytesPerWeek)},
            {QStringLiteral("rate_reason"), orNull(t.rateReason)},
            {QStringLiteral("online_days"), t.onlineDays},
            {QStringLiteral("steady_state_rows"), orNull(t.steadyStateRows)},
            {QStringLiteral("steady_state_bytes"), orNull(t.steadyStateBytes)},
            {QStringLiteral("steady_state_reason"), orNull(t.steadyStateReason)},
            {QStringLiteral("next_run"), nextRunJson(t.nextRun)}};
}

QJsonObject tierJson(const KudosForecast::Tier& t) {
    QJsonArray history;
    for (const KudosForecast::ArchivedWeek& w : t.history)
        history.append(QJsonObject{{QStringLiteral("key"), w.key},
                                   {QStringLiteral("lo"), formatIsoTimestamp(w.lo)},
                                   {QStringLiteral("hi"), formatIsoTimestamp(w.hi)},
                                   {QStringLiteral("rows"), double(w.rows)},
                                   {QStringLiteral("bytes"), double(w.bytes)},
                                   {QStringLiteral("cumulative_bytes"), double(w.cumulativeBytes)}});
    return {{QStringLiteral("tier"), datasetName(t.dataset)},
            {QStringLiteral("used_bytes"), double(t.usedBytes)},
            {QStringLiteral("budget_bytes"), orNull(t.budgetBytes)},
            {QStringLiteral("bytes_per_week"), orNull(t.bytesPerWeek)},
            {QStringLiteral("bytes_per_week_reason"), orNull(t.bytesPerWeekReason)},
            {QStringLiteral("weeks_measured"), roundedTo(t.weeksMeasured, 3)},
            {QStringLiteral("bytes_per_row"), orNull(t.bytesPerRow)},
            {QStringLiteral("objects"), t.objects},
            {QStringLiteral("manifest_problems"), t.manifestProblems},
            {QStringLiteral("budget_reached_on"),
             t.budgetReachedOn ? QJsonValue(formatIsoTimestamp(*t.budgetReachedOn)) : QJsonValue()},
            {QStringLiteral("budget_reached_reason"), orNull(t.budgetReachedReason)},
            {QStringLiteral("over_budget"), t.overBudget},
            {QStringLiteral("history"), history}};
}

QJsonObject rollupsJson(const KudosForecast::Rollups& r) {
    QJsonArray history;
    for (const KudosForecast::RollupSourceWeek& w : r.history)
        history.append(QJsonObject{{QStringLiteral("lo"), formatIsoTimestamp(w.lo)},
                                   {QStringLiteral("hi"), formatIsoTimestamp(w.hi)},
                                   {QStringLiteral("rows"), double(w.rows)},
                                   {QStringLiteral("cumulative_rows"), double(w.cumulativeRows)}});
    return {{QStringLiteral("table"), QStringLiteral("kudos_stat_rollups")},
            {QStringLiteral("rows"), double(r.rows)},
            {QStringLiteral("bytes"), double(r.bytes)},
            {QStringLiteral("weeks_measured"), roundedTo(r.weeksMeasured, 3)},
            {QStringLiteral("rows_per_week"), orNull(r.rowsPerWeek)},
            {QStringLiteral("bytes_per_week"), orNull(r.bytesPerWeek)},
            {QStringLiteral("reason"), orNull(r.reason)},
            {QStringLiteral("history"), history}};
}

QJsonObject actionJson(const KudosForecast::Action& a) {
    const RetentionAction& r = a.action;
    return {{QStringLiteral("dataset"), datasetName(r.entry.dataset)},
            {QStringLiteral("partition"), r.entry.partition},
            {QStringLiteral("lo"), formatIsoTimestamp(r.entry.lo)},
            {QStringLiteral("hi"), formatIsoTimestamp(r.entry.hi)},
            {QStringLiteral("from"), r.entry.state},
            {QStringLiteral("to"), r.to},
            {QStringLiteral("rows"), double(a.rows)},
            {QStringLiteral("bytes"), orNull(a.bytes)},
            {QStringLiteral("rollup_rows"), orNull(a.rollupRows)}};
}

QStringList tableText(const KudosForecast::Table& t) {
    QStringList lines;
    lines << QStringLiteral(
                 "%1 (%2): %3 rows, %4 bytes online; rows/week %5, bytes/week %6 (over %7 week(s));"
                 " steady state %8 rows, %9 bytes (%10 days online)")
                 .arg(t.table, datasetName(t.dataset))
                 .arg(t.rows)
                 .arg(t.bytes)
                 .arg(number(t.rowsPerWeek, t.rateReason), number(t.bytesPerWeek, t.rateReason))
                 .arg(t.weeksMeasured, 0, 'f', 1)
                 .arg(t.steadyStateRows ? QString::number(*t.steadyStateRows)
                                        : QStringLiteral("null (%1)").arg(t.steadyStateReason),
                      t.steadyStateBytes ? QString::number(*t.steadyStateBytes) : QStringLiteral("null"))
                 .arg(t.onlineDays);
    for (const KudosForecast::Week& w : t.weeks)
        lines << QStringLiteral("  %1 %2 [%3, %4): %5 rows, %6 bytes%7%8")
                     .arg(w.subrange ? QStringLiteral("sub-range") : QStringLiteral("partition"), w.partition,
                          day(w.lo), day(w.hi))
                     .arg(w.rows)
                     .arg(w.bytes)
                     .arg(w.bytesEstimated ? QStringLiteral(" (estimated)") : QString(),
                          w.complete ? QString() : QStringLiteral(", not complete"));
    return lines;
}

QString tierText(const KudosForecast::Tier& t) {
    return QStringLiteral(
               "tier %1: %2 bytes used (%3); bytes/week %4 (%5 object(s), over %6 week(s)); budget "
               "reached on %7")
        .arg(datasetName(t.dataset))
        .arg(t.usedBytes)
        .arg(t.budgetBytes ? QStringLiteral("budget %1 bytes").arg(*t.budgetBytes)
                           : QStringLiteral("no budget"),
             number(t.bytesPerWeek, t.bytesPerWeekReason))
        .arg(t.objects)
        .arg(t.weeksMeasured, 0, 'f', 1)
        .arg(t.budgetReachedOn ? formatIsoTimestamp(*t.budgetReachedOn)
                               : QStringLiteral("null (%1)").arg(t.budgetReachedReason));
}

QString nextRunText(const KudosForecast::Table& t) {
    const KudosForecast::NextRun& n = t.nextRun;
    QString text =
        QStringLiteral("  %1: rolls up %2 range(s), %3 rows into %4 rollup rows; archives %5 range(s), "
                       "%6 rows, %7 bytes; drops %8 partition(s), %9 rows")
            .arg(datasetName(t.dataset))
            .arg(n.rangesRolledUp)
            .arg(n.rowsRolledUp)
            .arg(n.rollupRowsAdded)
            .arg(n.rangesArchived)
            .arg(n.rowsArchived)
            .arg(n.bytesArchived ? QStringLiteral("about %1").arg(*n.bytesArchived)
                                 : QStringLiteral("an unknown number of"))
            .arg(n.partitionsDropped)
            .arg(n.rowsDropped);
    if (!n.stoppedBy.isEmpty())
        text += QStringLiteral("; then stops: ") + n.stoppedBy;
    return text;
}

int runForecastKudos(CliContext& ctx) {
    KudosForecastRequest request;
    request.conninfo = ctx.dbConninfo();
    request.archiveUrl = ctx.archiveUrl();
    request.settings = ctx.settings().kudos;
    request.now = ctx.now();
    CommandFeedback feedback(ctx);
    const KudosForecast f = KudosForecastJob::run(request, feedback);
    feedback.finishProgress();
    for (const QString& warning : f.warnings)
        ctx.err() << "tidemark-cli: WARNING: " << warning << '\n';
    ctx.err().flush();

    QJsonArray tables, tiers, actions, stops;
    QStringList lines{
        QStringLiteral("kudos forecast at %1 (the server's now() %2), archive %3, %4 manifest(s) read")
            .arg(formatIsoTimestamp(f.now), formatIsoTimestamp(f.serverNow), f.archive)
            .arg(f.manifestsRead)};
    for (const KudosForecast::Table& t : f.tables) {
        tables.append(tableJson(t));
        lines += tableText(t);
    }
    lines << QStringLiteral(
                 "kudos_stat_rollups: %1 rows, %2 bytes; rows/week %3 (over %4 week(s); no retention)")
                 .arg(f.rollups.rows)
                 .arg(f.rollups.bytes)
                 .arg(number(f.rollups.rowsPerWeek, f.rollups.reason))
                 .arg(f.rollups.weeksMeasured, 0, 'f', 1);
    lines << (f.online.rows ? QStringLiteral("online steady state: %1 rows, %2 bytes")
                                  .arg(*f.online.rows)
                                  .arg(f.online.bytes.value_or(0))
                            : QStringLiteral("online steady state: null (%1)").arg(f.online.reason));
    for (const KudosForecast::Tier& t : f.tiers) {
        tiers.append(tierJson(t));
        lines << tierText(t);
    }
    lines << QStringLiteral("next retention run: %1 step(s)").arg(f.nextRun.size());
    for (const KudosForecast::Action& a : f.nextRun) {
        actions.append(actionJson(a));
        const RetentionAction& r = a.action;
        lines << QStringLiteral("  %1 %2 %3 [%4, %5): %6 -> %7, %8 rows%9")
                     .arg(r.verb(), datasetName(r.entry.dataset), r.entry.partition, day(r.entry.lo),
                          day(r.entry.hi), r.entry.state, r.to)
                     .arg(a.rows)
                     .arg(a.rollupRows ? QStringLiteral(", %1 rollup rows").arg(*a.rollupRows)
                          : a.bytes    ? QStringLiteral(", about %1 bytes").arg(*a.bytes)
                                       : QString());
    }
    for (const KudosForecast::Table& t : f.tables)
        lines << nextRunText(t);
    for (const RetentionAlert& s : f.nextRunStops)
        stops.append(QJsonObject{{QStringLiteral("dataset"), datasetName(s.dataset)},
                                 {QStringLiteral("message"), s.message}});
    if (f.cancelled)
        lines = QStringList{QStringLiteral("kudos forecast cancelled")};
    ctx.print({{QStringLiteral("now"), formatIsoTimestamp(f.now)},
               {QStringLiteral("server_now"), formatIsoTimestamp(f.serverNow)},
               {QStringLiteral("clock_ahead_seconds"), roundedTo(f.clockAheadSeconds, 3)},
               {QStringLiteral("archive"), f.archive},
               {QStringLiteral("manifests_read"), f.manifestsRead},
               {QStringLiteral("tables"), tables},
               {QStringLiteral("tiers"), tiers},
               {QStringLiteral("rollups"), rollupsJson(f.rollups)},
               {QStringLiteral("online_steady_state"),
                QJsonObject{{QStringLiteral("rows"), orNull(f.online.rows)},
                            {QStringLiteral("bytes"), orNull(f.online.bytes)},
                            {QStringLiteral("reason"), orNull(f.online.reason)}}},
               {QStringLiteral("next_run"), actions},
               {QStringLiteral("next_run_stops"), stops},
               {QStringLiteral("warnings"), QJsonArray::fromStringList(f.warnings)},
               {QStringLiteral("cancelled"), f.cancelled}},
              lines.join(QLatin1Char('\n')));
    return f.cancelled ? ExitFailed : ExitDone;
}

} // namespace

void registerKudosForecastCommand(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("forecast"), QStringLiteral("kudos")},
         QStringLiteral("Forecast kudos capacity, read-only: weekly rows and bytes online, archive tier "
                        "growth against the budgets, rollup growth, the online steady state and what "
                        "the next retention run would do."),
         {},
         {CommonOption::Db, CommonOption::Archive},
         {},
         runForecastKudos});
}

} // namespace tidemark::cli
