#include "retentionplanjson.h"

#include "planfile.h"
#include "rounding.h"

#include <QJsonArray>

namespace tidemark {

namespace {

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
    if (!s.units.isEmpty()) {
        o.insert(QStringLiteral("connection"), s.connection);
        o.insert(QStringLiteral("target"), s.target);
        o.insert(QStringLiteral("settings"), s.settings);
        o.insert(QStringLiteral("units"), s.units);
    }
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
    if (s.hasUnits())
        o.insert(QStringLiteral("archive_url"), k.archiveUrl);
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

} // namespace

QJsonObject retentionPlanJson(const RetentionPlan& plan) {
    QJsonArray alerts;
    for (const PlanAlert& a : plan.alerts)
        alerts.append(QJsonObject{{QStringLiteral("dataset"), planDatasetName(a.dataset)},
                                  {QStringLiteral("message"), a.message},
                                  {QStringLiteral("target"), a.target}});
    return {{QStringLiteral("now"), formatIsoTimestamp(plan.now)},
            {QStringLiteral("quick"), plan.quick},
            {QStringLiteral("positions"), positionsJson(plan.positions)},
            {QStringLiteral("kudos"), kudosJson(plan.kudos)},
            {QStringLiteral("tracks"), tracksJson(plan.tracks)},
            {QStringLiteral("alerts"), alerts},
            {QStringLiteral("seconds"), roundedTo(plan.seconds, 3)}};
}

QJsonObject sealedRetentionPlan(const RetentionPlan& plan, int expiresInHours) {
    PlanAuthor author{PlanAuthor::currentOsUser(), {}};
    for (const QString& role : {plan.positions.role, plan.kudos.role, plan.tracks.role})
        if (author.dbRole.isEmpty())
            author.dbRole = role;
    return planfile::seal(retentionPlanJson(plan), plan.serverNow, expiresInHours, author);
}

} // namespace tidemark
