#include "clicontext.h"
#include "climetrics.h"
#include "cliregistry.h"
#include "commandfeedback.h"
#include "positionslayout.h"

#include "error.h"
#include "inmemorypositionstore.h"
#include "pgconnection.h"
#include "positionscsv.h"
#include "positionsettings.h"
#include "roundjob.h"
#include "thinningstatus.h"

#include <QJsonArray>
#include <algorithm>

namespace tidemark::cli {

using namespace tidemark::positions;

namespace {

const QCommandLineOption kInput(QStringLiteral("input"),
                                QStringLiteral("Positions CSV: mower_id,observed_at,lat,lon,"
                                               "blades_on,rtk_fix,wifi_rssi,mnet_rssi."),
                                QStringLiteral("ROWS.csv"));
const QCommandLineOption kErrors(QStringLiteral("errors"),
                                 QStringLiteral("Error instants CSV: mower_id,observed_at,error_code."),
                                 QStringLiteral("ERRORS.csv"));
const QCommandLineOption kIgnoreWindow(QStringLiteral("ignore-window"),
                                       QStringLiteral("Thin even outside the nightly window."));
const QCommandLineOption
    kBudget(QStringLiteral("budget"),
            QStringLiteral("Thinning budget in seconds, %1 to %2 (default: the setting).")
                .arg(RoundRequest::kBudget.min)
                .arg(RoundRequest::kBudget.max),
            QStringLiteral("S"));
const QCommandLineOption kDryRun(QStringLiteral("dry-run"),
                                 QStringLiteral("Report what would be scanned and deleted; delete nothing."));
const QCommandLineOption kJobs(QStringLiteral("jobs"),
                               QStringLiteral("Thinning workers, each on its own connection, %1 to %2 "
                                              "(default %3).")
                                   .arg(RoundRequest::kJobs.min)
                                   .arg(RoundRequest::kJobs.max)
                                   .arg(RoundRequest::kDefaultJobs),
                               QStringLiteral("N"));
const QCommandLineOption kExact(QStringLiteral("exact"),
                                QStringLiteral("Count this mower's rows exactly (the others are estimates)."),
                                QStringLiteral("MOWER_ID"));

QString isoOrEmpty(const std::optional<Micros>& t) {
    return t ? formatIsoTimestamp(*t) : QString();
}

int runThinFile(CliContext& ctx) {
    const PositionSettings settings = ctx.settings().positions;
    const QString inputPath = ctx.required(QStringLiteral("input"));
    const Micros cutoff = settings.thinningCutoff(ctx.now());

    PositionsCsv csv = PositionsCsv::readRows(inputPath);
    if (ctx.isSet(QStringLiteral("errors")))
        csv.readErrors(ctx.value(QStringLiteral("errors")));
    const std::vector<PositionsCsv::InputRow>& input = csv.inputRows();

    InMemoryPositionStore store(csv.tracks());
    store.thinUntil(cutoff, settings);

    // Survivors back in input order: each track's rows are the kept subset of its time-sorted input.
    std::vector<QString> reasonOf(input.size());
    std::vector<bool> survives(input.size(), false);
    for (std::size_t k = 0; k < store.tracks().size(); ++k) {
        const std::vector<PositionRow>& rows = store.tracks()[k].rows;
        const std::vector<PositionRow>& allRows = csv.tracks()[k].rows;
        const std::vector<std::size_t>& order = csv.inputIndices(k);
        std::size_t j = 0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            while (allRows[j].observedAt != rows[i].observedAt)
                ++j;
            survives[order[j]] = true;
            const KeepReasons reasons = store.reasons(k)[i];
            reasonOf[order[j]] = rows[i].observedAt >= cutoff || reasons == 0 ? QStringLiteral("recent")
                                                                              : keepReasonsText(reasons);
        }
    }
    QTextStream& out = ctx.out();
    out << "mower_id,observed_at,reasons\n";
    for (std::size_t i = 0; i < input.size(); ++i)
        if (survives[i])
            out << input[i].mowerIdText << ',' << input[i].observedAtText << ',' << reasonOf[i] << '\n';
    out.flush();
    return ExitDone;
}

std::unique_ptr<PgConnection> openPositions(CliContext& ctx) {
    auto db = PgConnection::open(ctx.dbConninfo(), QStringLiteral("tidemark-cli positions"));
    positions::requirePositionsSchema(*db);
    return db;
}

// The exit codes are the round's verdicts (the metrics' last exit code is the same number).
static_assert(ExitDone == int(RoundVerdict::Done) && ExitFailed == int(RoundVerdict::Failed) &&
              ExitRetry == int(RoundVerdict::Retry));

int runRound(CliContext& ctx) {
    RoundRequest request;
    request.settings = ctx.settings().positions;
    request.conninfo = ctx.dbConninfo();
    request.now = ctx.now();
    request.ignoreWindow = ctx.isSet(QStringLiteral("ignore-window"));
    request.dryRun = ctx.isSet(QStringLiteral("dry-run"));
    request.allowClockAhead = ctx.allowClockAhead();
    request.budgetSeconds = ctx.wholeNumber(RoundRequest::kBudget);
    request.jobs = ctx.wholeNumber(RoundRequest::kJobs).value_or(RoundRequest::kDefaultJobs);
    const MetricsTarget metrics = metricsTarget(ctx);
    request.metricsFile = metrics.path;
    request.metricsFileOrigin = metrics.origin;
    CommandFeedback feedback(ctx);
    const RoundReport report = RoundJob::run(request, feedback);
    feedback.finishProgress();
    // The job's warnings, on stderr whatever the output mode.
    for (const QString& warning : report.warnings)
        ctx.err() << "tidemark-cli: " << warning << '\n';
    ctx.err().flush();

    QJsonArray mowers;
    QString text;
    if (report.skippedLocked)
        text = QStringLiteral("positions round skipped: another runner holds the lock");
    else if (!report.insideWindow)
        text =
            QStringLiteral("positions round: outside the thinning window (%1 slices pending); age_deleted=%2")
                .arg(report.slicesPending)
                .arg(report.ageDeleted);
    else
        text = report.infoLine();
    QJsonArray failures;
    for (const MowerFailure& f : report.failures)
        failures.append(
            QJsonObject{{QStringLiteral("mower_id"), f.mowerId.toString(QUuid::WithoutBraces)},
                        {QStringLiteral("reason"), f.reason},
                        {QStringLiteral("row_at"), f.rowAt ? formatIsoTimestamp(*f.rowAt) : QString()}});
    for (const MowerRoundFigures& m : report.perMower) {
        const QString id = m.mowerId.toString(QUuid::WithoutBraces);
        mowers.append(QJsonObject{{QStringLiteral("mower_id"), id},
                                  {QStringLiteral("slices"), m.slices},
                                  {QStringLiteral("scanned"), m.scanned},
                                  {QStringLiteral("deleted"), m.deleted}});
        if (report.dryRun)
            text += QStringLiteral("\nmower=%1 slices=%2 would_scan=%3 would_delete=%4")
                        .arg(id)
                        .arg(m.slices)
                        .arg(m.scanned)
                        .arg(m.deleted);
    }
    ctx.print({{QStringLiteral("dry_run"), report.dryRun},
               {QStringLiteral("skipped_locked"), report.skippedLocked},
               {QStringLiteral("inside_window"), report.insideWindow},
               {QStringLiteral("age_deleted"), report.ageDeleted},
               {QStringLiteral("mowers"), report.mowers},
               {QStringLiteral("slices"), report.slices},
               {QStringLiteral("scanned"), report.scanned},
               {QStringLiteral("deleted"), report.deleted},
               {QStringLiteral("slices_pending"), report.slicesPending},
               {QStringLiteral("seconds"), roundedTo(report.seconds, 3)},
               {QStringLiteral("complete"), report.complete},
               {QStringLiteral("cancelled"), report.cancelled},
               {QStringLiteral("per_mower"), mowers},
               {QStringLiteral("failures"), failures},
               {QStringLiteral("interrupted"), report.interrupted},
               {QStringLiteral("paused_seconds"), roundedTo(report.pausedSeconds, 1)},
               {QStringLiteral("server_now"), formatIsoTimestamp(report.serverNow)},
               {QStringLiteral("clock_ahead_seconds"), roundedTo(report.clockAheadSeconds, 3)},
               {QStringLiteral("clock_override"), report.clockOverride}},
              text);
    return int(report.verdict());
}

int runStatus(CliContext& ctx) {
    const PositionSettings settings = ctx.settings().positions;
    std::optional<QUuid> exact;
    if (ctx.isSet(QStringLiteral("exact"))) {
        exact = QUuid::fromString(ctx.value(QStringLiteral("exact")));
        if (exact->isNull())
            throw Error(Error::Kind::Usage, QStringLiteral("--exact: \"%1\" is not a mower id (a uuid)")
                                                .arg(ctx.value(QStringLiteral("exact"))));
    }
    auto db = openPositions(ctx);
    const Micros cutoff = settings.thinningCutoff(ctx.now());
    std::vector<MowerThinningStatus> status = ThinningStatus::query(*db, cutoff);
    QJsonArray mowers;
    QString text =
        QStringLiteral("cutoff %1\nmower_id,rows,rows_estimated,oldest,newest,watermark,slices_pending")
            .arg(formatIsoTimestamp(cutoff));
    for (MowerThinningStatus& s : status) {
        if (exact && s.mowerId == *exact) {
            s.rows = ThinningStatus::exactRows(*db, s.mowerId);
            s.rowsEstimated = false;
        }
        const QString id = s.mowerId.toString(QUuid::WithoutBraces);
        mowers.append(QJsonObject{{QStringLiteral("mower_id"), id},
                                  {QStringLiteral("rows"), s.rows},
                                  {QStringLiteral("rows_estimated"), s.rowsEstimated},
                                  {QStringLiteral("oldest"), isoOrEmpty(s.oldest)},
                                  {QStringLiteral("newest"), isoOrEmpty(s.newest)},
                                  {QStringLiteral("watermark"), isoOrEmpty(s.watermark)},
                                  {QStringLiteral("slices_pending"), s.slicesPending}});
        text += QStringLiteral("\n%1,%2,%3,%4,%5,%6,%7")
                    .arg(id)
                    .arg(s.rows)
                    .arg(s.rowsEstimated ? QStringLiteral("true") : QStringLiteral("false"))
                    .arg(isoOrEmpty(s.oldest), isoOrEmpty(s.newest), isoOrEmpty(s.watermark))
                    .arg(s.slicesPending);
    }
    if (exact && std::none_of(status.begin(), status.end(),
                              [&](const MowerThinningStatus& s) { return s.mowerId == *exact; }))
        throw Error(Error::Kind::Usage, QStringLiteral("--exact: no mower %1 in this database")
                                            .arg(exact->toString(QUuid::WithoutBraces)));
    ctx.print({{QStringLiteral("cutoff"), formatIsoTimestamp(cutoff)}, {QStringLiteral("mowers"), mowers}},
              text);
    return ExitDone;
}

} // namespace

void registerPositionsCommands(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("positions"), QStringLiteral("thin-file")},
         QStringLiteral("Thin a positions CSV like a round without window or budget; print the survivors."),
         {kInput, kErrors},
         {},
         {},
         runThinFile});
    registry.add({{QStringLiteral("positions"), QStringLiteral("round")},
                  QStringLiteral("Run one retention round: age delete, then thinning slice by slice."),
                  {kIgnoreWindow, kBudget, kDryRun, metricsFileOption(), kJobs},
                  {CommonOption::Db, CommonOption::AllowClockAhead},
                  {},
                  runRound});
    registry.add(
        {{QStringLiteral("positions"), QStringLiteral("status")},
         QStringLiteral("Per mower: rows (estimated unless --exact), oldest and newest row, watermark, "
                        "slices pending."),
         {kExact},
         {CommonOption::Db},
         {},
         runStatus});
}

} // namespace tidemark::cli
