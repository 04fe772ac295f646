// tidemark-cli forecast positions: the read-only forecast and what-ifs of spec/operations.md.
#include "clicontext.h"
#include "cliregistry.h"
#include "commandfeedback.h"
#include "displayformat.h"

#include "error.h"
#include "positionsforecastjob.h"

#include <QJsonArray>
#include <QLocale>
#include <cmath>

namespace tidemark::cli {

namespace {

using namespace tidemark::positions;

const QCommandLineOption
    kSample(QStringLiteral("sample-mowers"),
            QStringLiteral("Mowers judged (a seeded draw), %1 to %2, or \"all\" (default %3).")
                .arg(PositionsForecastRequest::kSampleMowers.min)
                .arg(PositionsForecastRequest::kSampleMowers.max)
                .arg(PositionsForecastRequest::kDefaultSample),
            QStringLiteral("N|all"));
const QCommandLineOption kSeed(QStringLiteral("seed"), QStringLiteral("The sample's seed (default 0)."),
                               QStringLiteral("S"));
const QCommandLineOption kWhatIf(QStringLiteral("what-if"),
                                 QStringLiteral("Judge the sample again with these thinning or heatmap "
                                                "settings (NAME=VALUE[,NAME=VALUE]); repeatable."),
                                 QStringLiteral("NAME=VALUE"));

QJsonValue orNull(const std::optional<double>& v, int decimals) {
    return v ? QJsonValue(roundedTo(*v, decimals)) : QJsonValue(QJsonValue::Null);
}

QString orDash(const std::optional<double>& v, int decimals) {
    return v ? QLocale::c().toString(*v, 'f', decimals) : QStringLiteral("—");
}

QString percent(const std::optional<double>& v) {
    return v ? QStringLiteral("%1 %").arg(*v * 100, 0, 'f', 1) : QStringLiteral("no coverage");
}

PositionsForecastRequest request(CliContext& ctx) {
    PositionsForecastRequest r;
    r.conninfo = ctx.dbConninfo();
    r.settings = ctx.settings().positions;
    r.now = ctx.now();
    if (ctx.isSet(QStringLiteral("sample-mowers"))) {
        if (ctx.value(QStringLiteral("sample-mowers")) == QLatin1String("all"))
            r.sampleMowers.reset();
        else
            r.sampleMowers = ctx.wholeNumber(PositionsForecastRequest::kSampleMowers);
    }
    if (ctx.isSet(QStringLiteral("seed"))) {
        bool ok = false;
        r.seed = ctx.value(QStringLiteral("seed")).toULongLong(&ok);
        if (!ok)
            throw Error(Error::Kind::Usage, QStringLiteral("--seed must be a whole number, not \"%1\"")
                                                .arg(ctx.value(QStringLiteral("seed"))));
    }
    for (const QString& w : ctx.parser().values(QStringLiteral("what-if")))
        r.whatIf.push_back(PositionsWhatIf::parse(w, r.settings));
    return r;
}

QJsonObject catchUpJson(const ThinningCatchUp& c) {
    return {
        {QStringLiteral("slices_pending"), c.slicesPending},
        {QStringLiteral("nights"), c.nights ? QJsonValue(double(*c.nights)) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("recorded_rounds"), c.recordedRounds},
        {QStringLiteral("slices_per_second"), orNull(c.slicesPerSecond, 3)},
        {QStringLiteral("thinning_seconds_per_night"), c.thinningSecondsPerNight},
        {QStringLiteral("reason"), c.reason}};
}

QJsonArray whatIfJson(const std::vector<WhatIfOutcome>& outcomes) {
    QJsonArray out;
    for (const WhatIfOutcome& o : outcomes) {
        QJsonObject settings;
        for (const auto& [name, value] : o.whatIf.overrides)
            settings.insert(name, value);
        out.append(QJsonObject{
            {QStringLiteral("settings"), settings},
            {QStringLiteral("rows_scanned"), o.rowsScanned},
            {QStringLiteral("rows_kept"), o.rowsKept},
            {QStringLiteral("worst_coverage_deviation"), orNull(o.worstCoverageDeviation, 5)},
            {QStringLiteral("coverage_passes"), o.passes()},
            {QStringLiteral("worst_mower"), o.worstCoverageDeviation
                                                ? QJsonValue(o.worstMower.toString(QUuid::WithoutBraces))
                                                : QJsonValue()},
            {QStringLiteral("worst_range_from"),
             o.worstCoverageDeviation ? QJsonValue(formatIsoTimestamp(o.worstRangeBegin)) : QJsonValue()}});
    }
    return out;
}

QString text(const PositionsForecast& f) {
    const PositionsMeasurements& m = f.measured;
    QString t = QStringLiteral("positions forecast at %1 (cutoff %2)\n")
                    .arg(formatIsoTimestamp(m.now), formatIsoTimestamp(f.cutoff));
    t +=
        QStringLiteral("rows a day (last 14 days): %1%2\n")
            .arg(orDash(f.rowsPerDay, 1), f.rowsPerDayReason.isEmpty()
                                              ? QString()
                                              : QStringLiteral(" (") + f.rowsPerDayReason + QLatin1Char(')'));
    t += QStringLiteral("sample: %1 of %2 mowers, %3 rows a round would judge now, %4 kept: ratio %5; worst "
                        "coverage deviation %6\n")
             .arg(m.sampledMowers)
             .arg(m.mowers)
             .arg(m.sampleRowsScanned)
             .arg(m.sampleRowsKept)
             .arg(orDash(f.thinningRatio, 4), percent(f.worstCoverageDeviation));
    if (f.steadyStateRows)
        t += QStringLiteral("steady state: %1 rows, %2\n")
                 .arg(*f.steadyStateRows, 0, 'f', 0)
                 .arg(display::size(f.steadyStateBytes ? std::llround(*f.steadyStateBytes) : 0));
    else
        t += QStringLiteral("steady state: — (%1)\n").arg(f.steadyStateReason);
    const ThinningCatchUp& c = m.catchUp;
    t += c.nights ? QStringLiteral("catch-up: %1 slices pending, %2 nights at the recorded pace\n")
                        .arg(c.slicesPending)
                        .arg(*c.nights)
                  : QStringLiteral("catch-up: %1 slices pending (%2)\n").arg(c.slicesPending).arg(c.reason);
    for (const WhatIfOutcome& o : f.whatIf)
        t += QStringLiteral(
                 "what-if %1: %2 kept of %3 (%4 fewer than configured), worst coverage deviation %5%6\n")
                 .arg(o.whatIf.label())
                 .arg(o.rowsKept)
                 .arg(o.rowsScanned)
                 .arg(m.sampleRowsKept - o.rowsKept)
                 .arg(percent(o.worstCoverageDeviation),
                      o.passes() ? QString() : QStringLiteral(": FAILS the 12 % check"));
    for (const QString& failure : f.failures)
        t += QStringLiteral("skipped: %1\n").arg(failure);
    t.chop(1);
    return t;
}

int runForecast(CliContext& ctx) {
    const PositionsForecastRequest r = request(ctx);
    CommandFeedback feedback(ctx);
    const PositionsForecast f = PositionsForecastJob::run(r, feedback);
    feedback.finishProgress();
    for (const QString& warning : f.warnings)
        ctx.err() << "tidemark-cli: " << warning << '\n';
    ctx.err().flush();
    QJsonArray sample;
    for (const QUuid& id : f.sample)
        sample.append(id.toString(QUuid::WithoutBraces));
    const PositionsMeasurements& m = f.measured;
    ctx.print(
        {{QStringLiteral("now"), formatIsoTimestamp(m.now)},
         {QStringLiteral("cutoff"), formatIsoTimestamp(f.cutoff)},
         {QStringLiteral("mowers"), m.mowers},
         {QStringLiteral("rows_per_day"), orNull(f.rowsPerDay, 3)},
         {QStringLiteral("sampled_mowers"), m.sampledMowers},
         {QStringLiteral("sample_seed"), QString::number(f.seed)},
         {QStringLiteral("sample"), sample},
         {QStringLiteral("sample_rows_scanned"), m.sampleRowsScanned},
         {QStringLiteral("sample_rows_kept"), m.sampleRowsKept},
         {QStringLiteral("thinning_ratio"), orNull(f.thinningRatio, 6)},
         {QStringLiteral("worst_coverage_deviation"), orNull(f.worstCoverageDeviation, 5)},
         {QStringLiteral("table_rows_estimated"), m.tableRows},
         {QStringLiteral("table_bytes"), m.tableBytes},
         {QStringLiteral("bytes_per_row"), orNull(f.bytesPerRow, 2)},
         {QStringLiteral("steady_state_rows"), orNull(f.steadyStateRows, 0)},
         {QStringLiteral("steady_state_bytes"), orNull(f.steadyStateBytes, 0)},
         {QStringLiteral("catch_up"), catchUpJson(m.catchUp)},
         {QStringLiteral("what_if"), whatIfJson(f.whatIf)},
         {QStringLiteral("reasons"), QJsonObject{{QStringLiteral("rows_per_day"), f.rowsPerDayReason},
                                                 {QStringLiteral("thinning_ratio"), f.thinningRatioReason},
                                                 {QStringLiteral("steady_state"), f.steadyStateReason}}},
         {QStringLiteral("failures"), QJsonArray::fromStringList(f.failures)},
         {QStringLiteral("warnings"), QJsonArray::fromStringList(f.warnings)},
         {QStringLiteral("seconds"), roundedTo(f.seconds, 3)}},
        text(f));
    return ExitDone;
}

} // namespace

void registerPositionsForecastCommand(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("forecast"), QStringLiteral("positions")},
         QStringLiteral("Read-only: rows a day, what thinning keeps on a sample of mowers, the steady "
                        "state, the catch-up and what-ifs of other settings."),
         {kSample, kSeed, kWhatIf},
         {CommonOption::Db},
         {},
         runForecast});
}

} // namespace tidemark::cli
