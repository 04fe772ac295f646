// tidemark-cli plan: what retention does next, did last, and what needs a person, across the datasets.
#include "clicontext.h"
#include "cliregistry.h"
#include "commandfeedback.h"
#include "displayformat.h"

#include "archivestore.h"
#include "archiveurl.h"
#include "error.h"
#include "kudosvalues.h"
#include "planfile.h"
#include "retentionplanjob.h"
#include "retentionplanjson.h"
#include "taskfeedback.h"

#include <QJsonArray>

namespace tidemark::cli {

namespace {

const QCommandLineOption kDbPositions(QStringLiteral("db-positions"),
                                      QStringLiteral("The positions database (a connection string)."),
                                      QStringLiteral("CONNINFO"));
const QCommandLineOption kDbKudos(QStringLiteral("db-kudos"),
                                  QStringLiteral("The kudos database (a connection string)."),
                                  QStringLiteral("CONNINFO"));
const QCommandLineOption kTracksDb(QStringLiteral("tracks-db"),
                                   QStringLiteral("A PostGIS tracks store (instead of --sqlite)."),
                                   QStringLiteral("CONNINFO"));
const QCommandLineOption
    kOut(QStringLiteral("out"),
         QStringLiteral("Write the plan to apply (with each dataset's target, settings and units, "
                        "sealed with its sha256) to FILE, for tidemark-cli apply."),
         QStringLiteral("FILE"));
const QCommandLineOption
    kExpiresIn(QStringLiteral("expires-in"),
               QStringLiteral("With --out: the plan expires this many hours after it is made "
                              "(1 to 168; default 24)."),
               QStringLiteral("HOURS"));
const QCommandLineOption
    kQuick(QStringLiteral("quick"),
           QStringLiteral("Estimate the positions rows from a sample of mowers instead of a full dry run."));

template <class Plan> QString sectionHead(const QString& name, const PlanSection<Plan>& s) {
    if (!s.configured)
        return QStringLiteral("%1: not configured").arg(name);
    if (!s.error.isEmpty())
        return QStringLiteral("%1: FAILED: %2").arg(name, s.error);
    return QStringLiteral("%1 (%2):").arg(name, s.where);
}

QString planText(const RetentionPlan& plan) {
    QStringList lines;
    lines << sectionHead(QStringLiteral("positions"), plan.positions);
    if (plan.positions.ok()) {
        const PositionsPlan& p = plan.positions.plan;
        lines << QStringLiteral(
                     "  %1 slice(s) pending over %2 mower(s); %3 %4 row(s) to delete (%5 to thin, %6 by "
                     "age)")
                     .arg(p.slicesPending)
                     .arg(p.mowers)
                     .arg(p.estimated ? QStringLiteral("about") : QStringLiteral("exactly"))
                     .arg(p.rowsToDelete())
                     .arg(p.rowsToThin)
                     .arg(p.estimated ? QStringLiteral("not estimated") : QString::number(p.rowsToAgeDelete));
        lines << QStringLiteral("  window %1 %2 until %3 (%4)")
                     .arg(p.windowOpenNow ? QStringLiteral("open since before") : QStringLiteral("opens"),
                          formatIsoTimestamp(p.windowOpensAt), formatIsoTimestamp(p.windowClosesAt),
                          p.windowZone);
        lines << (p.slicesTonight
                      ? QStringLiteral("  tonight: %1 slice(s) in %2 at %3 slices/s; %4 night(s) "
                                       "to clear the backlog")
                            .arg(*p.slicesTonight)
                            .arg(display::duration(p.thinningSecondsTonight))
                            .arg(*p.slicesPerSecond, 0, 'f', 1)
                            .arg(p.nights.value_or(0))
                      : QStringLiteral("  tonight: %1")
                            .arg(p.paceReason.isEmpty() ? QStringLiteral("nothing pending") : p.paceReason));
        lines << (p.lastRound ? QStringLiteral("  last round %1: %2 slice(s), %3 row(s) deleted, %4")
                                    .arg(formatIsoTimestamp(p.lastRound->startedAt))
                                    .arg(p.lastRound->slices)
                                    .arg(p.lastRound->deleted + p.lastRound->ageDeleted)
                                    .arg(p.lastRound->complete ? QStringLiteral("complete")
                                                               : QStringLiteral("not complete"))
                              : QStringLiteral("  no round recorded yet"));
    }
    lines << sectionHead(QStringLiteral("kudos"), plan.kudos);
    if (plan.kudos.ok()) {
        const KudosPlan& k = plan.kudos.plan;
        if (k.actions.empty())
            lines << QStringLiteral("  nothing to do");
        for (const kudos::KudosForecast::Action& a : k.actions)
            lines << QStringLiteral("  would %1 %2 %3 [%4, %5): %6 -> %7, %8 row(s)%9")
                         .arg(a.action.verb(), kudos::datasetName(a.action.entry.dataset),
                              a.action.entry.partition, formatIsoTimestamp(a.action.entry.lo).left(10),
                              formatIsoTimestamp(a.action.entry.hi).left(10), a.action.entry.state,
                              a.action.to)
                         .arg(a.rows)
                         .arg(a.bytes ? QStringLiteral(", about %1 bytes").arg(*a.bytes) : QString());
        for (const kudos::KudosForecast::Tier& t : k.tiers)
            lines << (t.budgetBytes ? QStringLiteral("  tier %1: %2 of %3 bytes")
                                          .arg(kudos::datasetName(t.dataset))
                                          .arg(t.usedBytes)
                                          .arg(*t.budgetBytes)
                                    : QStringLiteral("  tier %1: %2 bytes (no budget)")
                                          .arg(kudos::datasetName(t.dataset))
                                          .arg(t.usedBytes));
        if (k.drills)
            lines << QStringLiteral("  drills: %1 of %2 object(s) proven within %3 days, last passed %4")
                         .arg(k.drills->provenWithin)
                         .arg(k.drills->objects)
                         .arg(k.drills->windowDays)
                         .arg(k.drills->lastPassed ? formatIsoTimestamp(*k.drills->lastPassed)
                                                   : QStringLiteral("never"));
        if (k.lastStep)
            lines << QStringLiteral("  last step %1: %2 %3 -> %4")
                         .arg(formatIsoTimestamp(k.lastStep->updatedAt),
                              kudos::datasetName(k.lastStep->dataset), k.lastStep->partition,
                              k.lastStep->state);
    }
    lines << sectionHead(QStringLiteral("tracks"), plan.tracks);
    if (plan.tracks.ok()) {
        const TracksPlan& t = plan.tracks.plan;
        lines << QStringLiteral("  %1 track(s) to delete (created before %2), about %3 freed")
                     .arg(t.tracksToDelete.size())
                     .arg(formatIsoTimestamp(t.cutoff))
                     .arg(display::size(t.bytesToFree));
        lines << QStringLiteral("  %1 track(s), %2 of %3%4")
                     .arg(t.tracks)
                     .arg(display::size(t.bytes), display::size(TracksPlan::kAlertBytes),
                          t.reaches2GbOn
                              ? QStringLiteral(", reaches it on %1").arg(display::date(*t.reaches2GbOn))
                              : QString());
        lines << (t.lastImport ? QStringLiteral("  last import %1 (%2): %3, %4 added, %5 merged")
                                     .arg(t.lastImport->startedAt, t.lastImport->source, t.lastImport->status)
                                     .arg(t.lastImport->tracksAdded)
                                     .arg(t.lastImport->tracksMerged)
                               : QStringLiteral("  no import recorded"));
    }
    if (plan.alerts.empty())
        lines << QStringLiteral("nothing needs a person");
    for (const PlanAlert& a : plan.alerts)
        lines << QStringLiteral("ALERT %1").arg(a.message);
    return lines.join(QLatin1Char('\n'));
}

int runPlan(CliContext& ctx) {
    RetentionPlanRequest request;
    request.settings = ctx.settings();
    request.now = ctx.now();
    request.machineNow = nowMicros();
    request.quick = ctx.isSet(QStringLiteral("quick"));
    request.allowClockAhead = ctx.allowClockAhead();
    const QString out = ctx.value(QStringLiteral("out"));
    request.withUnits = !out.isEmpty();
    if (request.withUnits && request.quick)
        throw Error(Error::Kind::Usage,
                    QStringLiteral("--out writes a plan to apply, which --quick cannot make"));
    if (ctx.isSet(QStringLiteral("expires-in")) && out.isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("--expires-in needs --out"));
    int expiresIn = planfile::kDefaultExpiresHours;
    if (ctx.isSet(QStringLiteral("expires-in"))) {
        bool ok = false;
        expiresIn = ctx.value(QStringLiteral("expires-in")).toInt(&ok);
        if (!ok)
            expiresIn = 0; // refused by seal, naming the range
    }
    request.connections.positionsConninfo = ctx.value(QStringLiteral("db-positions"));
    request.connections.kudosConninfo = ctx.value(QStringLiteral("db-kudos"));
    request.connections.archiveUrl = ctx.archiveUrl();
    const tracks::TracksLocation tracks = ctx.tracksLocation(QStringLiteral("tracks-db"), false);
    request.connections.tracksPath = tracks.isPostgis() ? QString() : tracks.sqlitePath;
    request.connections.tracksConninfo = tracks.isPostgis() ? tracks.conninfo : QString();
    if (request.connections.positionsConninfo.isEmpty() && request.connections.kudosConninfo.isEmpty() &&
        !request.connections.hasTracks())
        throw Error(Error::Kind::Usage, QStringLiteral("nothing to plan: give --db-positions, --db-kudos, "
                                                       "--sqlite or --tracks-db (or GPS_TRACKS_DB_PATH)"));
    // An archive without its marker (not mounted, never initialised) is refused before anything is planned
    // (exit 3), as `kudos retain --dry-run` refuses it; one that cannot be reached is the kudos section's.
    if (!request.connections.kudosConninfo.isEmpty() && !request.connections.archiveUrl.isEmpty()) {
        try {
            archive::openArchiveStore(request.connections.archiveUrl);
        } catch (const Error& e) {
            if (e.kind() != Error::Kind::Connection)
                throw;
        }
    }
    CommandFeedback feedback(ctx);
    const RetentionPlan plan = RetentionPlanJob::run(request, feedback);
    feedback.finishProgress();
    QJsonObject json;
    if (request.withUnits) {
        if (plan.cancelled)
            throw Error(Error::Kind::Cancelled,
                        QStringLiteral("the plan was stopped before it was complete"));
        json = sealedRetentionPlan(plan, expiresIn);
        planfile::write(json, out);
        // The units are in the file; the output says where it is, what it holds and its seal.
        for (const QString& name :
             {QStringLiteral("positions"), QStringLiteral("kudos"), QStringLiteral("tracks")}) {
            QJsonObject section = json.value(name).toObject();
            section.remove(QStringLiteral("units"));
            json.insert(name, section);
        }
        json.insert(QStringLiteral("plan_file"), out);
    } else {
        json = retentionPlanJson(plan);
    }
    ctx.print(json,
              planText(plan) + (request.withUnits
                                    ? QStringLiteral("\nplan written to %1 (sha256 %2), expires %3")
                                          .arg(out, json.value(QStringLiteral("plan_sha256")).toString(),
                                               json.value(QStringLiteral("expires_at")).toString())
                                    : QString()));
    return plan.needsPerson() ? ExitFailed : ExitDone;
}

} // namespace

void registerPlanCommand(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("plan")},
         QStringLiteral("Read-only: what retention does next, what it did last and what needs a person, "
                        "for each dataset given (exit 1 when something needs a person)."),
         {kDbPositions, kDbKudos, kTracksDb, kQuick, kOut, kExpiresIn},
         {CommonOption::Sqlite, CommonOption::Archive, CommonOption::AllowClockAhead},
         {},
         runPlan});
}

} // namespace tidemark::cli
