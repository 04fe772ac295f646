#include "retentionplanjob.h"

#include "archivedrillhistory.h"
#include "error.h"
#include "kudosforecastjob.h"
#include "kudosplanunits.h"
#include "kudosroundjob.h"
#include "kudosschema.h"
#include "pgconnection.h"
#include "planfile.h"
#include "plantarget.h"
#include "positionsforecastjob.h"
#include "positionslayout.h"
#include "positionsplanunits.h"
#include "retentioncatalog.h"
#include "retentionjob.h"
#include "roundhistory.h"
#include "roundjob.h"
#include "schemamigrator.h"
#include "taskfeedback.h"
#include "thinningstatus.h"
#include "thinningwindow.h"
#include "tracksdatabase.h"
#include "tracksforecastjob.h"
#include "trackshealth.h"
#include "tracksplanunits.h"
#include "tracksretainjob.h"

#include <QElapsedTimer>
#include <algorithm>
#include <cmath>

namespace tidemark {

namespace {

using positions::MowerThinningStatus;

Error planCancelled() {
    return Error(Error::Kind::Cancelled, QStringLiteral("the plan was cancelled"));
}

// Runs one section: not configured when `configured` is false, else `compute`, whose Error (or any other
// exception) becomes the section's error instead of the plan's.
template <class Plan, class Compute>
void runSection(PlanSection<Plan>& section, bool configured, Compute&& compute) {
    section.configured = configured;
    if (!configured)
        return;
    QElapsedTimer timer;
    timer.start();
    try {
        compute(section);
    } catch (const Error& e) {
        if (e.kind() == Error::Kind::Cancelled)
            throw;
        section.error = e.message();
    } catch (const std::exception& e) {
        section.error = QString::fromUtf8(e.what());
    }
    section.seconds = double(timer.nsecsElapsed()) / 1e9;
}

// A section made to be applied: where, on what and under which settings, and as whom.
template <class Plan>
void recordTarget(PlanSection<Plan>& section, PgConnection& db, const QString& conninfo,
                  QJsonObject settings) {
    section.connection = planfile::conninfoWithoutSecrets(conninfo);
    section.target = planfile::postgresTarget(db);
    section.settings = std::move(settings);
    section.role = db.exec(QStringLiteral("SELECT current_user")).text(0, 0);
}

void planWindow(PositionsPlan& p, const positions::PositionSettings& settings, Micros now) {
    const positions::ThinningWindow window(settings);
    p.windowOpenNow = window.contains(now);
    p.windowOpensAt = window.nextOpening(now);
    p.windowClosesAt = window.closingAfter(p.windowOpensAt);
    p.windowZone = QString::fromUtf8(settings.maintenanceZone.id());
}

void computePositions(PlanSection<PositionsPlan>& section, const RetentionPlanRequest& request,
                      TaskFeedback& feedback) {
    const positions::PositionSettings& settings = request.settings.positions;
    PositionsPlan& p = section.plan;
    auto db = PgConnection::open(request.connections.positionsConninfo, QStringLiteral("tidemark plan"));
    section.where = db->describe();
    positions::requirePositionsSchema(*db);
    p.cutoff = settings.thinningCutoff(request.now);
    const std::vector<MowerThinningStatus> status =
        positions::ThinningStatus::query(*db, p.cutoff, positions::RowCounting::None);
    p.mowers = static_cast<long long>(status.size());
    for (const MowerThinningStatus& s : status) {
        p.slicesPending += s.slicesPending;
        if (s.slicesPending > p.largestBacklogSlices) {
            p.largestBacklogSlices = s.slicesPending;
            p.largestBacklogMower = s.mowerId;
            p.largestBacklogFrom = s.watermark ? s.watermark : s.oldest;
        }
    }
    const std::vector<positions::RoundHistoryEntry> history = positions::RoundHistory(*db).latest();
    for (auto it = history.rbegin(); it != history.rend(); ++it)
        if (!it->dryRun) {
            p.lastRound = *it;
            break;
        }
    positions::ThinningCatchUp catchUp;
    catchUp.slicesPending = p.slicesPending;
    catchUp.measurePace(history);
    catchUp.deriveNights(settings);
    p.recordedRounds = catchUp.recordedRounds;
    p.slicesPerSecond = catchUp.slicesPerSecond;
    p.thinningSecondsTonight = catchUp.thinningSecondsPerNight;
    p.nights = catchUp.nights;
    p.paceReason = catchUp.reason;
    if (catchUp.slicesPerSecond)
        p.slicesTonight = std::min<long long>(
            p.slicesPending,
            static_cast<long long>(std::floor(*catchUp.slicesPerSecond * catchUp.thinningSecondsPerNight)));
    planWindow(p, settings, request.now);
    section.serverNow = db->serverNow();
    if (request.withUnits)
        recordTarget(section, *db, request.connections.positionsConninfo,
                     positions::positionsPlanSettings(settings));
    db.reset();

    if (request.quick) {
        positions::PositionsForecastRequest forecastRequest;
        forecastRequest.conninfo = request.connections.positionsConninfo;
        forecastRequest.settings = settings;
        forecastRequest.now = request.now;
        forecastRequest.checkCoverage = false;
        const positions::PositionsForecast forecast =
            positions::PositionsForecastJob::run(forecastRequest, feedback);
        if (forecast.cancelled)
            throw planCancelled();
        const positions::PositionsMeasurements& m = forecast.measured;
        // The sample's judged rows scaled to the fleet by rows, as the forecast scales its history.
        const double scale = m.sampleRows > 0 ? double(m.tableRows) / double(m.sampleRows) : 0;
        p.estimated = true;
        p.rowsScanned = std::llround(double(m.sampleRowsScanned) * scale);
        p.rowsToThin = std::llround(double(m.sampleRowsScanned - m.sampleRowsKept) * scale);
        for (const QString& failure : forecast.failures)
            p.failures.push_back({QUuid(), failure, std::nullopt});
        return;
    }

    positions::RoundRequest round;
    round.conninfo = request.connections.positionsConninfo;
    round.settings = settings;
    round.now = request.now;
    round.dryRun = true;
    round.ignoreWindow = true;
    round.recordHistory = false;
    round.allowClockAhead = request.allowClockAhead;
    const positions::RoundReport report = positions::RoundJob::run(round, feedback);
    if (report.cancelled)
        throw planCancelled();
    if (request.withUnits)
        section.units = report.units.toJson();
    p.rowsScanned = report.scanned;
    p.rowsToThin = report.deleted;
    p.rowsToAgeDelete = report.ageDeleted;
    p.failures = report.failures;
}

// Whether a kudos retention job holds its advisory lock now (a dry run does not take it, so it cannot tell):
// read from pg_locks, never by taking the lock, which would turn a job that starts meanwhile away.
bool retentionJobRunning(PgConnection& db) {
    return db
        .exec(QStringLiteral("SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND granted"
                             " AND objsubid = 1 AND database = (SELECT oid FROM pg_database"
                             " WHERE datname = current_database())"
                             " AND ((classid::bigint << 32) | objid::bigint) = $1::bigint)"),
              {kudos::RetentionJob::kAdvisoryLock})
        .toBool(0, 0);
}

// What a dry run cannot see, as the forecast sees it: an upload the tier's budget would refuse (the run
// stops the tier there), or a tier already at its budget. The forecast's other stops (unapplied rows) are
// the dry run's own, already among the alerts.
void addBudgetAlerts(KudosPlan& k, const std::vector<kudos::RetentionAlert>& forecastStops) {
    const auto stopped = [&](kudos::RetentionDataset dataset) {
        return std::any_of(k.alerts.begin(), k.alerts.end(), [&](const kudos::RetentionAlert& a) {
            return a.dataset == dataset && a.stopsRetention();
        });
    };
    for (kudos::RetentionAlert stop : forecastStops)
        if (!stopped(stop.dataset)) {
            stop.cause = kudos::RetentionAlert::Cause::OverBudget;
            k.alerts.push_back(stop);
        }
    for (const kudos::KudosForecast::Tier& t : k.tiers)
        if (t.overBudget && t.budgetBytes && !stopped(t.dataset))
            k.alerts.push_back({t.dataset, kudos::RetentionAlert::Cause::OverBudget,
                                QStringLiteral("the tier holds %1 bytes, at or over its budget of %2 bytes: "
                                               "its next upload is refused")
                                    .arg(t.usedBytes)
                                    .arg(*t.budgetBytes)});
}

void computeKudos(PlanSection<KudosPlan>& section, const RetentionPlanRequest& request,
                  TaskFeedback& feedback) {
    KudosPlan& k = section.plan;
    std::vector<kudos::RetentionAlert> overdueDrills;
    const QString& conninfo = request.connections.kudosConninfo;
    const QString& archiveUrl = request.connections.archiveUrl;
    k.archiveUrl = archiveUrl;
    {
        auto db = PgConnection::open(conninfo, QStringLiteral("tidemark plan"));
        section.where = db->describe();
        SchemaMigrator(*db, kudos::kudosSchema()).requireSchema();
        kudos::ArchiveDrillHistory drills(*db);
        k.drills = drills.coverage(request.settings.kudos.drillMaxAgeDays);
        for (const kudos::CatalogEntry& e : kudos::RetentionCatalog(*db).entries()) {
            if (e.state != QLatin1String("pending") && (!k.lastStep || e.updatedAt > k.lastStep->updatedAt))
                k.lastStep = e;
            if (!e.error.isEmpty() && e.state != QLatin1String("dropped"))
                k.failedSteps.push_back(e);
        }
        section.serverNow = db->serverNow();
        k.lockBusy = retentionJobRunning(*db);
        // A dry run does not look at the drills (a run does): whether one passed lately, by the earlier of
        // the two clocks as the run decides it.
        overdueDrills = drills.overdue(request.settings.kudos, std::min(request.now, section.serverNow));
        if (request.withUnits)
            recordTarget(section, *db, conninfo, kudos::kudosPlanSettings(request.settings.kudos));
    }

    kudos::KudosRoundRequest round;
    round.conninfo = conninfo;
    round.archiveUrl = archiveUrl;
    round.settings = request.settings.kudos;
    round.now = request.now;
    round.dryRun = true;
    round.collectUnits = request.withUnits;
    round.allowClockAhead = request.allowClockAhead;
    const kudos::RetentionReport report = kudos::KudosRoundJob::run(round, feedback);
    if (report.cancelled)
        throw planCancelled();
    if (request.withUnits)
        section.units = report.units.toJson();
    k.lockBusy = k.lockBusy || report.lockBusy;
    k.incidents = report.incidents;
    k.alerts = report.alerts;
    k.alerts.insert(k.alerts.end(), overdueDrills.begin(), overdueDrills.end());

    std::vector<kudos::KudosForecast::Action> figures;
    if (!archiveUrl.isEmpty()) {
        kudos::KudosForecastRequest forecastRequest;
        forecastRequest.conninfo = conninfo;
        forecastRequest.archiveUrl = archiveUrl;
        forecastRequest.settings = request.settings.kudos;
        forecastRequest.now = request.now;
        try {
            const kudos::KudosForecast forecast = kudos::KudosForecastJob::run(forecastRequest, feedback);
            if (forecast.cancelled)
                throw planCancelled();
            k.archive = forecast.archive;
            k.tiers = forecast.tiers;
            figures = forecast.nextRun;
            addBudgetAlerts(k, forecast.nextRunStops);
        } catch (const Error& e) {
            // An archive that cannot be read leaves the actions without their figures; the dry run's
            // alerts already say why the archive's steps wait.
            if (e.kind() != Error::Kind::Connection)
                throw;
        }
    }
    for (const kudos::RetentionAction& a : report.remaining) {
        kudos::KudosForecast::Action action{a, 0, std::nullopt, std::nullopt};
        for (const kudos::KudosForecast::Action& f : figures)
            if (f.action.entry.sameKey(a.entry) && f.action.to == a.to) {
                action.rows = f.rows;
                action.bytes = f.bytes;
                action.rollupRows = f.rollupRows;
                break;
            }
        k.actions.push_back(action);
    }
}

void computeTracks(PlanSection<TracksPlan>& section, const RetentionPlanRequest& request,
                   TaskFeedback& feedback) {
    TracksPlan& t = section.plan;
    const tracks::TracksLocation store = request.connections.tracks();
    {
        auto db = tracks::TracksDatabase::open(store, tracks::TracksDatabase::Access::ReadOnly);
        section.where = db->describe();
        const tracks::TracksHealthReport health = tracks::TracksHealth(*db).read(TracksPlan::kAlertBytes, 1);
        if (!health.lastRuns.empty())
            t.lastImport = health.lastRuns.front();
        section.serverNow = db->serverNow().value_or(0);
        if (request.withUnits && db->storeId().isEmpty()) {
            // Planned, but not for an apply: without its id a plan could not tell this store from a copy.
            section.unitsProblem =
                QStringLiteral("%1 has no store id yet, so its tracks are left out of plans "
                               "to apply: run tracks init on it (it adds the id and changes "
                               "no track)")
                    .arg(db->describe());
        } else if (request.withUnits) {
            section.connection =
                store.isPostgis() ? planfile::conninfoWithoutSecrets(store.conninfo) : store.sqlitePath;
            section.target = tracksPlanTarget(store, *db);
            section.settings = tracks::tracksPlanSettings(request.settings.tracks.retentionYears);
        }
    }
    tracks::TracksRetainRequest retain;
    retain.store = store;
    retain.retentionYears = request.settings.tracks.retentionYears;
    retain.now = request.now;
    retain.machineNow = request.machineNow;
    retain.dryRun = true;
    retain.collectUnits = request.withUnits && section.unitsProblem.isEmpty();
    retain.allowClockAhead = request.allowClockAhead;
    const tracks::TracksRetainReport report = tracks::TracksRetainJob::run(retain, feedback);
    if (report.cancelled)
        throw planCancelled();
    if (retain.collectUnits)
        section.units = report.units.toJson();
    t.storeName = report.storeName;
    t.postgis = report.store.isPostgis();
    t.retentionYears = report.retentionYears;
    t.cutoff = report.cutoff;
    t.tracksToDelete = report.wouldDelete;

    tracks::TracksForecastRequest forecastRequest;
    forecastRequest.store = store;
    forecastRequest.settings = request.settings.tracks;
    forecastRequest.now = request.now;
    const tracks::TracksForecast forecast = tracks::TracksForecastJob::run(forecastRequest, feedback);
    t.tracks = forecast.measured.tracks;
    t.bytes = forecast.measured.bytes;
    t.aboveAlert = forecast.aboveAlert;
    t.reaches2GbOn = forecast.reaches2GbOn;
    t.bytesToFree =
        forecast.bytesPerTrack ? std::llround(*forecast.bytesPerTrack * double(t.tracksToDelete.size())) : 0;
}

} // namespace

RetentionPlan RetentionPlanJob::run(const RetentionPlanRequest& request, TaskFeedback& feedback) {
    QElapsedTimer timer;
    timer.start();
    RetentionPlan plan;
    plan.now = request.now;
    plan.quick = request.quick;
    const WorkspaceConnections& c = request.connections;
    try {
        feedback.reportProgress(0, QStringLiteral("positions"));
        runSection(plan.positions, !c.positionsConninfo.isEmpty(),
                   [&](PlanSection<PositionsPlan>& s) { computePositions(s, request, feedback); });
        if (!feedback.checkpoint())
            throw planCancelled();
        feedback.reportProgress(1.0 / 3, QStringLiteral("kudos"));
        runSection(plan.kudos, !c.kudosConninfo.isEmpty(),
                   [&](PlanSection<KudosPlan>& s) { computeKudos(s, request, feedback); });
        if (!feedback.checkpoint())
            throw planCancelled();
        feedback.reportProgress(2.0 / 3, QStringLiteral("tracks"));
        runSection(plan.tracks, c.hasTracks(),
                   [&](PlanSection<TracksPlan>& s) { computeTracks(s, request, feedback); });
    } catch (const Error& e) {
        if (e.kind() != Error::Kind::Cancelled)
            throw;
        plan.cancelled = true;
    }
    for (Micros t : {plan.positions.serverNow, plan.kudos.serverNow, plan.tracks.serverNow})
        if (t != 0 && plan.serverNow == 0)
            plan.serverNow = t;
    if (plan.serverNow == 0)
        plan.serverNow = request.machineNow;
    plan.collectAlerts();
    plan.seconds = double(timer.nsecsElapsed()) / 1e9;
    return plan;
}

} // namespace tidemark
