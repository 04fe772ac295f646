#include "clicontext.h"
#include "cliregistry.h"
#include "commandfeedback.h"

#include "kudosrehearsal.h"

namespace tidemark::cli {

using namespace tidemark::kudos;

namespace {

const QCommandLineOption
    kCopy(QStringLiteral("copy"),
          QStringLiteral("The restored copy's database name, again: it must equal the connected database's "
                         "(the rehearsal swaps and drops)."),
          QStringLiteral("DBNAME"));
// Not the configured TIDEMARK_ARCHIVE_URL: by default a rehearsal writes to its own scratch archive.
const QCommandLineOption
    kRehearsalArchive(QStringLiteral("archive"),
                      QStringLiteral("An archive initialised for the copy (archive init --db on the copy); "
                                     "default: a scratch archive of the rehearsal's own, removed after."),
                      QStringLiteral("URL"));

int runRehearse(CliContext& ctx) {
    KudosRehearsalRequest request;
    request.conninfo = ctx.dbConninfo();
    request.copyName = ctx.value(QStringLiteral("copy"));
    request.archiveUrl = ctx.value(QStringLiteral("archive"));
    request.settings = ctx.settings().kudos;
    request.maxLockMillis = request.settings.rehearsalMaxLockMillis;
    request.now = ctx.nowGiven() ? ctx.now() : 0;
    request.validate();
    CommandFeedback feedback(ctx);
    const KudosRehearsalReport report = KudosRehearsalJob::run(request, feedback);
    feedback.finishProgress();
    ctx.print(report.toJson(), report.toText());
    return report.exitCode();
}

} // namespace

void registerKudosRehearseCommand(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("kudos"), QStringLiteral("rehearse")},
         QStringLiteral("On a restored copy: run the swap, one range of each dataset and its restore as "
                        "production will, measure them and say go or not yet."),
         {kCopy, kRehearsalArchive},
         {CommonOption::Db},
         {},
         runRehearse});
}

} // namespace tidemark::cli
