// tidemark-cli plan: what retention does next, did last, and what needs a person, across the datasets.
#include "clicontext.h"
#include "cliregistry.h"
#include "commandfeedback.h"

#include "archivestore.h"
#include "archiveurl.h"
#include "error.h"
#include "kudosvalues.h"
#include "retentionplanjob.h"
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
    kQuick(QStringLiteral("quick"),
           QStringLiteral("Estimate the positions rows from a sample of mowers instead of a full dry run."));

QJsonValue isoOrNull(const std::optional<Micros>& t) {
    return t ? QJsonValue(formatIsoTimestamp(*t)) : QJsonValue();
}

template <class T> QJsonValue valueOrNull(const std::optional<T>& v) {
    return v ? QJsonValue(double(*v)) : QJsonValue();
}

template <class Plan> QJsonObject sectionJson(const PlanSection<Plan>& s) {
    QJsonObject o{{QStringLiteral("configured"), s.configured}};
    if (!s.configured)
        return o;
    o.insert(QStringLiteral("where"), s.where);
    o.insert(QStringLiteral("seconds"), roundedTo(s.seconds, 3));
    if (!s.error.isEmpty())
        o.insert(QStringLiteral("error"), s.error);
    return o;
}

QJsonObject positionsJson(const PlanSection<PositionsPlan>& s) {
    QJsonObject o = sectionJson(s);
    if (!s.ok())
        return o;
    const PositionsPlan& p = s.plan;
    o.insert(QStringLiteral("estimated"), p.estimated);
    o.insert(QStringLiteral("mowers"), p.mowers);
    o.insert(QStringLiteral("cutoff"), formatIsoTimestamp(p.cutoff));
    o.insert(QStringLiteral("slices_pending"), p.slicesPending);
    o.insert(QStringLiteral("rows_scanned"), p.rowsScanned);
    o.insert(QStringLiteral("rows_to_thin"), p.rowsToThin);
    o.insert(QStringLiteral("rows_to_age_delete"),
             p.estimated ? QJsonValue() : QJsonValue(p.rowsToAgeDelete));
    o.insert(QStringLiteral("rows_to_delete"), p.rowsToDelete());
    o.insert(QStringLiteral("window"),
             QJsonObject{{QStringLiteral("open_now"), p.windowOpenNow},
                         {QStringLiteral("opens_at"), formatIsoTimestamp(p.windowOpensAt)},
                         {QStringLiteral("closes_at"), formatIsoTimestamp(p.windowClosesAt)},
                         {QStringLiteral("time_zone"), p.windowZone}});
    o.insert(QStringLiteral("tonight"),
             QJsonObject{{QStringLiteral("thinning_seconds"), p.thinningSecondsTonight},
                         {QStringLiteral("recorded_rounds"), p.recordedRounds},
                         {QStringLiteral("slices_per_second"),
                          p.slicesPerSecond ? QJsonValue(roundedTo(*p.slicesPerSecond, 3)) : QJsonValue()},
                         {QStringLiteral("slices"), valueOrNull(p.slicesTonight)},
                         {QStringLiteral("nights_to_clear"), valueOrNull(p.nights)},
                         {QStringLiteral("reason"), p.paceReason}});
    if (!p.largestBacklogMower.isNull())
        o.insert(
            QStringLiteral("largest_backlog"),
            QJsonObject{{QStringLiteral("mower_id"), p.largestBacklogMower.toString(QUuid::WithoutBraces)},
                        {QStringLiteral("slices"), p.largestBacklogSlices},
                        {QStringLiteral("from"), isoOrNull(p.largestBacklogFrom)}});
    if (p.lastRound) {
        const positions::RoundHistoryEntry& r = *p.lastRound;
        o.insert(QStringLiteral("last_round"),
                 QJsonObject{{QStringLiteral("started_at"), formatIsoTimestamp(r.startedAt)},
                             {QStringLiteral("complete"), r.complete},
                             {QStringLiteral("cancelled"), r.cancelled},
                             {QStringLiteral("budget_exhausted"), r.budgetExhausted},
                             {QStringLiteral("slices"), r.slices},
                             {QStringLiteral("deleted"), r.deleted},
                             {QStringLiteral("age_deleted"), r.ageDeleted},
                             {QStringLiteral("failed_mowers"), r.failedMowers},
                             {QStringLiteral("interrupted"), r.interrupted},
                             {QStringLiteral("seconds"), roundedTo(r.seconds, 3)}});
    } else {
        o.insert(QStringLiteral("last_round"), QJsonValue());
    }
    return o;
}

QJsonObject kudosJson(const PlanSection<KudosPlan>& s) {
    QJsonObject o = sectionJson(s);
    if (!s.ok())
        return o;
    const KudosPlan& k = s.plan;
    QJsonArray actions, tiers, incidents, alerts;
    for (const kudos::KudosForecast::Action& a : k.actions)
        actions.append(QJsonObject{{QStringLiteral("step"), a.action.verb()},
                                   {QStringLiteral("dataset"), kudos::datasetName(a.action.entry.dataset)},
                                   {QStringLiteral("partition"), a.action.entry.partition},
                                   {QStringLiteral("lo"), formatIsoTimestamp(a.action.entry.lo)},
                                   {QStringLiteral("hi"), formatIsoTimestamp(a.action.entry.hi)},
                                   {QStringLiteral("from"), a.action.entry.state},
                                   {QStringLiteral("to"), a.action.to},
                                   {QStringLiteral("rows"), a.rows},
                                   {QStringLiteral("bytes"), valueOrNull(a.bytes)}});
    for (const kudos::KudosForecast::Tier& t : k.tiers)
        tiers.append(QJsonObject{{QStringLiteral("dataset"), kudos::datasetName(t.dataset)},
                                 {QStringLiteral("used_bytes"), double(t.usedBytes)},
                                 {QStringLiteral("budget_bytes"), valueOrNull(t.budgetBytes)},
                                 {QStringLiteral("over_budget"), t.overBudget},
                                 {QStringLiteral("budget_reached_on"), isoOrNull(t.budgetReachedOn)}});
    for (const kudos::RetentionIncident& i : k.incidents)
        incidents.append(
            QJsonObject{{QStringLiteral("kind"), i.kind == kudos::RetentionIncident::Kind::UnappliedRows
                                                     ? QStringLiteral("unapplied_rows")
                                                     : QStringLiteral("replacement_mismatch")},
                        {QStringLiteral("dataset"), kudos::datasetName(i.dataset)},
                        {QStringLiteral("partition"), i.partition}});
    for (const kudos::RetentionAlert& a : k.alerts)
        alerts.append(QJsonObject{{QStringLiteral("dataset"), kudos::datasetName(a.dataset)},
                                  {QStringLiteral("stops_retention"), a.stopsRetention()},
                                  {QStringLiteral("message"), a.message}});
    o.insert(QStringLiteral("archive"), k.archive);
    o.insert(QStringLiteral("actions"), actions);
    o.insert(QStringLiteral("tiers"), tiers);
    o.insert(QStringLiteral("incidents"), incidents);
    o.insert(QStringLiteral("alerts"), alerts);
    o.insert(QStringLiteral("lock_busy"), k.lockBusy);
    if (k.drills)
        o.insert(QStringLiteral("drills"),
                 QJsonObject{{QStringLiteral("objects"), k.drills->objects},
                             {QStringLiteral("proven_within"), k.drills->provenWithin},
                             {QStringLiteral("unproven"), k.drills->unproven},
                             {QStringLiteral("window_days"), k.drills->windowDays},
                             {QStringLiteral("last_passed"), isoOrNull(k.drills->lastPassed)}});
    o.insert(QStringLiteral("last_step"),
             k.lastStep ? QJsonValue(QJsonObject{
                              {QStringLiteral("at"), formatIsoTimestamp(k.lastStep->updatedAt)},
                              {QStringLiteral("dataset"), kudos::datasetName(k.lastStep->dataset)},
                              {QStringLiteral("partition"), k.lastStep->partition},
                              {QStringLiteral("state"), k.lastStep->state}})
                        : QJsonValue());
    return o;
}

QJsonObject tracksJson(const PlanSection<TracksPlan>& s) {
    QJsonObject o = sectionJson(s);
    if (!s.ok())
        return o;
    const TracksPlan& t = s.plan;
    QJsonArray ids;
    for (qint64 id : t.tracksToDelete)
        ids.append(id);
    o.insert(QStringLiteral("store"), t.storeName);
    o.insert(QStringLiteral("retention_years"), t.retentionYears);
    o.insert(QStringLiteral("cutoff"), formatIsoTimestamp(t.cutoff));
    o.insert(QStringLiteral("tracks_to_delete"), ids);
    o.insert(QStringLiteral("bytes_to_free"), double(t.bytesToFree));
    o.insert(QStringLiteral("tracks"), double(t.tracks));
    o.insert(QStringLiteral("bytes"), double(t.bytes));
    o.insert(QStringLiteral("alert_bytes"), double(TracksPlan::kAlertBytes));
    o.insert(QStringLiteral("above_alert"), t.aboveAlert);
    o.insert(QStringLiteral("reaches_2gb_on"), isoOrNull(t.reaches2GbOn));
    o.insert(QStringLiteral("last_import"),
             t.lastImport
                 ? QJsonValue(QJsonObject{{QStringLiteral("source"), t.lastImport->source},
                                          {QStringLiteral("started_at"), t.lastImport->startedAt},
                                          {QStringLiteral("finished_at"), t.lastImport->finishedAt},
                                          {QStringLiteral("status"), t.lastImport->status},
                                          {QStringLiteral("tracks_added"), t.lastImport->tracksAdded},
                                          {QStringLiteral("tracks_merged"), t.lastImport->tracksMerged}})
                 : QJsonValue());
    return o;
}

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
                      ? QStringLiteral("  tonight: %1 slice(s) in %2 s at %3 slices/s; %4 night(s) "
                                       "to clear the backlog")
                            .arg(*p.slicesTonight)
                            .arg(p.thinningSecondsTonight)
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
        lines << QStringLiteral("  %1 track(s) to delete (created before %2), about %3 bytes freed")
                     .arg(t.tracksToDelete.size())
                     .arg(formatIsoTimestamp(t.cutoff))
                     .arg(t.bytesToFree);
        lines << QStringLiteral("  %1 track(s), %2 MB of 2048 MB%3")
                     .arg(t.tracks)
                     .arg(double(t.bytes) / (1024.0 * 1024.0), 0, 'f', 1)
                     .arg(t.reaches2GbOn ? QStringLiteral(", reaches 2 GB on %1")
                                               .arg(formatIsoTimestamp(*t.reaches2GbOn).left(10))
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
    QJsonArray alerts;
    for (const PlanAlert& a : plan.alerts)
        alerts.append(QJsonObject{{QStringLiteral("dataset"), planDatasetName(a.dataset)},
                                  {QStringLiteral("message"), a.message},
                                  {QStringLiteral("target"), a.target}});
    ctx.print({{QStringLiteral("now"), formatIsoTimestamp(plan.now)},
               {QStringLiteral("quick"), plan.quick},
               {QStringLiteral("positions"), positionsJson(plan.positions)},
               {QStringLiteral("kudos"), kudosJson(plan.kudos)},
               {QStringLiteral("tracks"), tracksJson(plan.tracks)},
               {QStringLiteral("alerts"), alerts},
               {QStringLiteral("seconds"), roundedTo(plan.seconds, 3)}},
              planText(plan));
    return plan.needsPerson() ? ExitFailed : ExitDone;
}

} // namespace

void registerPlanCommand(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("plan")},
         QStringLiteral("Read-only: what retention does next, what it did last and what needs a person, "
                        "for each dataset given (exit 1 when something needs a person)."),
         {kDbPositions, kDbKudos, kTracksDb, kQuick},
         {CommonOption::Sqlite, CommonOption::Archive},
         {},
         runPlan});
}

} // namespace tidemark::cli
