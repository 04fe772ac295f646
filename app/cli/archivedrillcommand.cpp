#include "clicontext.h"
#include "climetrics.h"
#include "cliregistry.h"
#include "commandfeedback.h"
#include "displayformat.h"

#include "archivedrilljob.h"
#include "archivelisting.h"
#include "error.h"

#include <QJsonArray>

namespace tidemark::cli {

using namespace tidemark::kudos;

namespace {

const QCommandLineOption
    kSample(QStringLiteral("sample"),
            QStringLiteral("Drill this many objects, %1 to %2 (default %3), or all of them.")
                .arg(ArchiveDrillRequest::kSample.min)
                .arg(ArchiveDrillRequest::kSample.max)
                .arg(ArchiveDrillRequest::kDefaultSample),
            QStringLiteral("N|all"));
const QCommandLineOption
    kSeed(QStringLiteral("seed"),
          QStringLiteral("Seed of the sample's random order (default: the server's day)."),
          QStringLiteral("S"));
const QCommandLineOption kDrillTier(QStringLiteral("tier"),
                                    QStringLiteral("Only objects of this tier: currency or statistics."),
                                    QStringLiteral("T"));

constexpr int kProblemsShown = 3; // of each failed object, in the text output

int sampleOf(CliContext& ctx) {
    if (ctx.value(QStringLiteral("sample")) == QLatin1String("all"))
        return ArchiveDrillRequest::kAllObjects;
    return ctx.wholeNumber(ArchiveDrillRequest::kSample).value_or(ArchiveDrillRequest::kDefaultSample);
}

QJsonObject resultJson(const ArchiveDrillResult& r) {
    QJsonObject o{
        {QStringLiteral("key"), r.record.archiveKey},
        {QStringLiteral("tier"), r.dataset},
        {QStringLiteral("result"), r.record.passed ? QStringLiteral("passed") : QStringLiteral("failed")},
        {QStringLiteral("drilled_at"), formatIsoTimestamp(r.record.drilledAt)},
        {QStringLiteral("object_sha256"), r.record.objectSha256},
        {QStringLiteral("rows"), double(r.record.rows)},
        {QStringLiteral("object_bytes"), double(r.record.objectBytes)},
        {QStringLiteral("content_bytes"), double(r.contentBytes)},
        {QStringLiteral("compared_with"), r.replacement},
        {QStringLiteral("lines_compared"), double(r.linesCompared)},
        {QStringLiteral("seconds"), r.record.seconds},
        {QStringLiteral("problems"), r.record.problems}};
    if (r.catalogRows)
        o.insert(QStringLiteral("catalog_rows"), double(*r.catalogRows));
    return o;
}

QString resultLine(const ArchiveDrillResult& r) {
    if (r.record.passed)
        return QStringLiteral("passed %1: %2 row(s) restore into what %3 says (%4 line(s)), %5")
            .arg(r.record.archiveKey)
            .arg(r.record.rows)
            .arg(r.replacement)
            .arg(r.linesCompared)
            .arg(display::duration(r.record.seconds));
    QStringList lines{QStringLiteral("FAILED %1:").arg(r.record.archiveKey)};
    const QStringList problems = r.record.problemMessages();
    for (qsizetype i = 0; i < problems.size() && i < kProblemsShown; ++i)
        lines << QStringLiteral("  %1").arg(problems[i]);
    if (problems.size() > kProblemsShown)
        lines << QStringLiteral("  … and %1 more problem(s) (--json lists them)")
                     .arg(problems.size() - kProblemsShown);
    return lines.join(QLatin1Char('\n'));
}

int runDrill(CliContext& ctx) {
    ArchiveDrillRequest request;
    request.conninfo = ctx.dbConninfo();
    request.archiveUrl = ctx.archiveUrl();
    request.settings = ctx.settings().kudos;
    for (const QString& key : ctx.parser().positionalArguments())
        request.keys.append(archive::objectKeyOf(key));
    if (!request.keys.isEmpty() && ctx.isSet(QStringLiteral("sample")))
        throw Error(Error::Kind::Usage, QStringLiteral("name archive keys or --sample, not both"));
    request.sample = sampleOf(ctx);
    if (ctx.isSet(QStringLiteral("seed"))) {
        bool ok = false;
        request.seed = ctx.value(QStringLiteral("seed")).toULongLong(&ok);
        if (!ok)
            throw Error(Error::Kind::Usage, QStringLiteral("--seed is '%1', expected a whole number")
                                                .arg(ctx.value(QStringLiteral("seed"))));
    }
    request.tier = ctx.value(QStringLiteral("tier"));
    request.metricsPath = metricsTarget(ctx).path;
    CommandFeedback feedback(ctx);
    ArchiveDrillReport report;
    try {
        report = ArchiveDrillJob::run(request, feedback);
    } catch (const Error& e) {
        if (e.kind() != Error::Kind::Connection)
            throw;
        // The archive or the database went away: not a finding about any object, so nothing of the object in
        // progress was recorded; the timer's next run tries again.
        feedback.finishProgress();
        ctx.err() << "tidemark-cli: " << e.message() << " (nothing recorded for the object in progress)\n";
        ctx.err().flush();
        return ExitRetry;
    }
    feedback.finishProgress();
    for (const QString& warning : report.warnings)
        ctx.err() << "tidemark-cli: WARNING: " << warning << '\n';
    ctx.err().flush();

    QJsonArray results;
    QStringList lines;
    QStringList failed;
    for (const ArchiveDrillResult& r : report.results) {
        results.append(resultJson(r));
        lines << resultLine(r);
        if (!r.record.passed)
            failed << r.record.archiveKey;
    }
    if (report.staleScratchRemoved > 0)
        lines.prepend(
            QStringLiteral("removed %1 scratch file(s) a killed drill left").arg(report.staleScratchRemoved));
    if (report.cancelled)
        lines << QStringLiteral("archive drill cancelled%1; %2 object(s) drilled before it")
                     .arg(report.stoppedAt.isEmpty() ? QString()
                                                     : QStringLiteral(" during %1").arg(report.stoppedAt))
                     .arg(report.results.size());
    else if (report.planned == 0)
        lines << QStringLiteral("archive drill: no objects to drill in %1").arg(report.archive);
    else
        lines << QStringLiteral("archive drill: %1 of %2 object(s) passed (%3 row(s), %4 of CSV, %5)%6")
                     .arg(report.passed())
                     .arg(report.results.size())
                     .arg(report.rows())
                     .arg(display::size(report.contentBytes()), display::duration(report.seconds))
                     .arg(failed.isEmpty()
                              ? QString()
                              : QStringLiteral("; failed: %1").arg(failed.join(QStringLiteral(", "))));
    ctx.print({{QStringLiteral("archive"), report.archive},
               {QStringLiteral("seed"), QString::number(report.seed)},
               {QStringLiteral("candidates"), report.candidates},
               {QStringLiteral("planned"), report.planned},
               {QStringLiteral("passed"), report.passed()},
               {QStringLiteral("failed"), report.failed()},
               {QStringLiteral("failed_keys"), QJsonArray::fromStringList(failed)},
               {QStringLiteral("cancelled"), report.cancelled},
               {QStringLiteral("stale_scratch_removed"), report.staleScratchRemoved},
               {QStringLiteral("rows"), double(report.rows())},
               {QStringLiteral("content_bytes"), double(report.contentBytes())},
               {QStringLiteral("seconds"), report.seconds},
               {QStringLiteral("results"), results}},
              lines.join(QLatin1Char('\n')));
    return report.exitCode();
}

} // namespace

void registerArchiveDrillCommand(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("archive"), QStringLiteral("drill")},
         QStringLiteral("Restore objects into a private scratch SQLite file and check that their rows add up "
                        "to the daily statements (currency) or the rollups (statistics) and the catalog's "
                        "count; records each result; exit 1 naming each failed object, 75 when the archive "
                        "cannot be reached."),
         {kSample, kSeed, kDrillTier, metricsFileOption()},
         {CommonOption::Archive, CommonOption::Db},
         QStringLiteral(
             "[KEY…] (relative to the archive URL; default: a sample, never-drilled objects first)"),
         runDrill});
}

} // namespace tidemark::cli
