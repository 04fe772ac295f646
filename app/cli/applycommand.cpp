// tidemark-cli apply: exactly the units of a plan made by `plan --out FILE`, re-checked as they are done.
#include "clicontext.h"
#include "climetrics.h"
#include "cliregistry.h"
#include "commandfeedback.h"

#include "error.h"
#include "planapplyjob.h"
#include "planfile.h"
#include "retentionplan.h"
#include "roundjob.h"

namespace tidemark::cli {

namespace {

const QCommandLineOption
    kDataset(QStringLiteral("dataset"),
             QStringLiteral("Apply only this dataset's units: positions, kudos or tracks."),
             QStringLiteral("NAME"));
const QCommandLineOption
    kDbPositions(QStringLiteral("db-positions"),
                 QStringLiteral("The positions database, when not where the plan was made "
                                "(it must be the same database)."),
                 QStringLiteral("CONNINFO"));
const QCommandLineOption
    kDbKudos(QStringLiteral("db-kudos"),
             QStringLiteral("The kudos database, when not where the plan was made (it must be "
                            "the same database)."),
             QStringLiteral("CONNINFO"));
const QCommandLineOption
    kTracksDb(QStringLiteral("tracks-db"),
              QStringLiteral("The PostGIS tracks store, when not where the plan was made."),
              QStringLiteral("CONNINFO"));
const QCommandLineOption
    kIgnoreWindow(QStringLiteral("ignore-window"),
                  QStringLiteral("Thin the plan's positions slices even outside the window."));
const QCommandLineOption
    kBudget(QStringLiteral("budget"),
            QStringLiteral("The positions thinning budget in seconds, %1 to %2 (default: the setting).")
                .arg(positions::RoundRequest::kBudget.min)
                .arg(positions::RoundRequest::kBudget.max),
            QStringLiteral("S"));
const QCommandLineOption
    kJobs(QStringLiteral("jobs"),
          QStringLiteral("Positions thinning workers, each on its own connection, %1 to %2 (default %3).")
              .arg(positions::RoundRequest::kJobs.min)
              .arg(positions::RoundRequest::kJobs.max)
              .arg(positions::RoundRequest::kDefaultJobs),
          QStringLiteral("N"));

std::optional<WorkspaceDataset> datasetOption(const CliContext& ctx) {
    if (!ctx.isSet(QStringLiteral("dataset")))
        return std::nullopt;
    const QString name = ctx.value(QStringLiteral("dataset"));
    for (WorkspaceDataset d :
         {WorkspaceDataset::Positions, WorkspaceDataset::Kudos, WorkspaceDataset::Tracks})
        if (planDatasetName(d) == name)
            return d;
    throw Error(Error::Kind::Usage,
                QStringLiteral("--dataset must be positions, kudos or tracks, not \"%1\"").arg(name));
}

int runApply(CliContext& ctx) {
    const QStringList files = ctx.parser().positionalArguments();
    if (files.size() != 1)
        throw Error(Error::Kind::Usage,
                    QStringLiteral("apply takes one plan file (made by plan --out FILE)"));
    PlanApplyRequest request;
    request.settings = ctx.settings();
    request.now = nowMicros();
    request.only = datasetOption(ctx);
    request.ignoreWindow = ctx.isSet(QStringLiteral("ignore-window"));
    request.budgetSeconds = ctx.wholeNumber(positions::RoundRequest::kBudget);
    request.jobs =
        ctx.wholeNumber(positions::RoundRequest::kJobs).value_or(positions::RoundRequest::kDefaultJobs);
    request.allowClockAhead = ctx.allowClockAhead();
    request.metricsFile = metricsTarget(ctx).path;
    request.connections.positionsConninfo = ctx.value(QStringLiteral("db-positions"));
    request.connections.kudosConninfo = ctx.value(QStringLiteral("db-kudos"));
    request.connections.tracksConninfo = ctx.value(QStringLiteral("tracks-db"));
    if (ctx.isSet(QStringLiteral("sqlite")))
        request.connections.tracksPath = ctx.value(QStringLiteral("sqlite"));
    if (ctx.isSet(QStringLiteral("archive")))
        request.connections.archiveUrl = ctx.value(QStringLiteral("archive"));
    // A plan that cannot be read or was altered is refused before anything is opened.
    request.plan = planfile::read(files.front());

    CommandFeedback feedback(ctx);
    const PlanApplyReport report = PlanApplyJob::run(request, feedback);
    feedback.finishProgress();
    for (const PlanApplySection& s : report.sections)
        for (const QString& warning : s.warnings)
            ctx.err() << "tidemark-cli: " << warning << '\n';
    ctx.err().flush();
    ctx.print(report.toJson(), report.text());
    return report.exitCode();
}

} // namespace

void registerApplyCommand(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("apply")},
         QStringLiteral(
             "Apply exactly the units of a plan made by plan --out FILE, each re-checked inside its "
             "transaction: stale units are skipped and named (exit 1), units left by the window, the "
             "budget, a lock or a stop wait for the next apply (exit 75); an expired, altered or "
             "foreign plan, or one made under other settings, is refused whole (exit 3)."),
         {kDataset, kDbPositions, kDbKudos, kTracksDb, kIgnoreWindow, kBudget, kJobs, metricsFileOption()},
         {CommonOption::Sqlite, CommonOption::Archive, CommonOption::AllowClockAhead},
         QStringLiteral("PLAN.json"),
         runApply});
}

} // namespace tidemark::cli
