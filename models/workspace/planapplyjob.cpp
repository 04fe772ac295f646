#include "planapplyjob.h"

#include "error.h"
#include "kudosplanunits.h"
#include "kudosroundjob.h"
#include "pgconnection.h"
#include "planfile.h"
#include "plantarget.h"
#include "positionsplanunits.h"
#include "retentionplan.h"
#include "roundjob.h"
#include "taskfeedback.h"
#include "tracksdatabase.h"
#include "tracksplanunits.h"
#include "tracksretainjob.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace tidemark {

namespace {

constexpr WorkspaceDataset kDatasets[] = {WorkspaceDataset::Positions, WorkspaceDataset::Kudos,
                                          WorkspaceDataset::Tracks};

// One dataset of the plan as the checks found it: where it is applied and its units, parsed.
struct Applicable {
    WorkspaceDataset dataset = WorkspaceDataset::Positions;
    QString conninfo;             // positions, kudos
    tracks::TracksLocation store; // tracks
    QString where;
    std::optional<positions::PositionsPlanUnits> positions;
    std::optional<kudos::KudosPlanUnits> kudos;
    std::optional<tracks::TracksPlanUnits> tracks;
};

Error refused(const QString& message) {
    return Error(Error::Kind::Refused, message);
}

QJsonObject sectionOf(const QJsonObject& plan, WorkspaceDataset dataset) {
    return plan.value(planDatasetName(dataset)).toObject();
}

QJsonObject settingsInForce(WorkspaceDataset dataset, const WorkspaceSettings& settings) {
    switch (dataset) {
    case WorkspaceDataset::Positions:
        return positions::positionsPlanSettings(settings.positions);
    case WorkspaceDataset::Kudos:
        return kudos::kudosPlanSettings(settings.kudos);
    case WorkspaceDataset::Tracks:
        break;
    }
    return tracks::tracksPlanSettings(settings.tracks.retentionYears);
}

void checkExpiry(const QJsonObject& plan, const QString& name, Micros clock, const QString& whose) {
    const Micros expires = planfile::expiresAt(plan);
    if (clock >= expires)
        throw refused(QStringLiteral("the plan expired at %1 (%2 %3: now %4); make a new plan")
                          .arg(formatIsoTimestamp(expires), name, whose, formatIsoTimestamp(clock)));
}

void checkTarget(const QJsonObject& section, const QJsonObject& current, const QString& name,
                 const QString& where) {
    const QString difference =
        planfile::targetDifference(section.value(QStringLiteral("target")).toObject(), current);
    if (!difference.isEmpty())
        throw refused(
            QStringLiteral("the plan was made on another %1 than %2: %3").arg(name, where, difference));
}

// The checks of one dataset; Error(Refused) when the plan cannot be applied there.
Applicable check(WorkspaceDataset dataset, const PlanApplyRequest& request) {
    const QString name = planDatasetName(dataset);
    const QJsonObject section = sectionOf(request.plan, dataset);
    Applicable a;
    a.dataset = dataset;
    const QString settingsDiff = planfile::settingsDifference(
        section.value(QStringLiteral("settings")).toObject(), settingsInForce(dataset, request.settings));
    if (!settingsDiff.isEmpty())
        throw refused(QStringLiteral("the %1 plan was made under other settings than those in force: %2")
                          .arg(name, settingsDiff));
    const QString planned = section.value(QStringLiteral("connection")).toString();
    const QJsonObject units = section.value(QStringLiteral("units")).toObject();
    if (dataset == WorkspaceDataset::Tracks) {
        const WorkspaceConnections& c = request.connections;
        const bool postgis =
            section.value(QStringLiteral("target")).toObject().value(QStringLiteral("kind")) ==
            QLatin1String("postgis");
        a.store = c.hasTracks()
                      ? c.tracks()
                      : tracks::TracksLocation{postgis ? QString() : planned, postgis ? planned : QString()};
        auto db = tracks::TracksDatabase::open(a.store, tracks::TracksDatabase::Access::ReadOnly);
        a.where = db->describe();
        checkTarget(section, tracksPlanTarget(a.store, *db), QStringLiteral("tracks store"), a.where);
        const std::optional<Micros> serverNow = db->serverNow();
        checkExpiry(request.plan, a.where, serverNow.value_or(request.now),
                    serverNow ? QStringLiteral("by the server's clock")
                              : QStringLiteral("by this machine's clock"));
        a.tracks = tracks::TracksPlanUnits::fromJson(units);
        return a;
    }
    const QString& given = dataset == WorkspaceDataset::Positions ? request.connections.positionsConninfo
                                                                  : request.connections.kudosConninfo;
    a.conninfo = given.isEmpty() ? planned : given;
    auto db = PgConnection::open(a.conninfo, QStringLiteral("tidemark apply"));
    a.where = db->describe();
    checkTarget(section, planfile::postgresTarget(*db), QStringLiteral("%1 database").arg(name), a.where);
    checkExpiry(request.plan, a.where, db->serverNow(), QStringLiteral("by the server's clock"));
    if (dataset == WorkspaceDataset::Positions)
        a.positions = positions::PositionsPlanUnits::fromJson(units);
    else
        a.kudos = kudos::KudosPlanUnits::fromJson(units);
    return a;
}

// The jobs' clock: this machine's, whose every age decision the jobs compare with the server's; with
// allowClockAhead, the plan's own `now` (a rehearsal planned ahead of the server is applied at its clock).
Micros applyClock(const PlanApplyRequest& request) {
    Micros planned = 0;
    if (request.allowClockAhead &&
        tryParseIsoTimestamp(request.plan.value(QStringLiteral("now")).toString(), &planned))
        return planned;
    return request.now;
}

PlanApplySection apply(const Applicable& a, const PlanApplyRequest& request, const QString& sha,
                       TaskFeedback& feedback) {
    const Micros now = applyClock(request);
    PlanApplySection s;
    s.dataset = a.dataset;
    s.where = a.where;
    if (a.positions) {
        positions::RoundRequest r;
        r.conninfo = a.conninfo;
        r.settings = request.settings.positions;
        r.now = now;
        r.ignoreWindow = request.ignoreWindow;
        r.budgetSeconds = request.budgetSeconds;
        r.jobs = request.jobs;
        r.allowClockAhead = request.allowClockAhead;
        r.metricsFile = request.metricsFile;
        r.plan = *a.positions;
        r.planSha256 = sha;
        const positions::RoundReport report = positions::RoundJob::run(r, feedback);
        s.outcomes = report.unitOutcomes;
        s.warnings = report.warnings;
        s.exitCode = int(report.verdict());
    } else if (a.kudos) {
        kudos::KudosRoundRequest r;
        r.conninfo = a.conninfo;
        r.archiveUrl =
            request.connections.archiveUrl.isEmpty()
                ? sectionOf(request.plan, a.dataset).value(QStringLiteral("archive_url")).toString()
                : request.connections.archiveUrl;
        r.settings = request.settings.kudos;
        r.now = now;
        r.allowClockAhead = request.allowClockAhead;
        r.metricsPath = request.metricsFile;
        r.plan = *a.kudos;
        r.planSha256 = sha;
        const kudos::RetentionReport report = kudos::KudosRoundJob::run(r, feedback);
        s.outcomes = report.unitOutcomes;
        s.warnings = report.warnings;
        s.exitCode = report.exitCode();
    } else {
        tracks::TracksRetainRequest r;
        r.store = a.store;
        r.retentionYears = request.settings.tracks.retentionYears;
        r.now = now;
        r.machineNow = request.now;
        r.allowClockAhead = request.allowClockAhead;
        r.metricsPath = request.metricsFile;
        r.plan = *a.tracks;
        r.planSha256 = sha;
        const tracks::TracksRetainReport report = tracks::TracksRetainJob::run(r, feedback);
        s.outcomes = report.unitOutcomes;
        s.warnings = report.warnings;
        s.exitCode = report.applyExitCode();
    }
    return s;
}

// A unit as the text names it.
QString describeUnit(const QJsonObject& u) {
    const auto str = [&](const char* key) { return u.value(QLatin1String(key)).toString(); };
    if (u.contains(QLatin1String("mower_id")))
        return QStringLiteral("mower %1 slice [%2, %3)").arg(str("mower_id"), str("from"), str("to"));
    if (u.contains(QLatin1String("before")))
        return QStringLiteral("age delete before %1").arg(str("before"));
    if (u.contains(QLatin1String("action")))
        return QStringLiteral("%1 %2 %3 [%4, %5)")
            .arg(str("action"), str("dataset"), str("table"), str("lo").left(10), str("hi").left(10));
    if (u.contains(QLatin1String("id")))
        return QStringLiteral("track %1").arg(u.value(QLatin1String("id")).toVariant().toLongLong());
    return QString::fromUtf8(QJsonDocument(u).toJson(QJsonDocument::Compact));
}

} // namespace

long long PlanApplySection::count(PlanUnitOutcome::Status status) const {
    return PlanUnitOutcome::count(outcomes, status);
}

int PlanApplyReport::exitCode() const {
    if (!refusal.isEmpty())
        return 3;
    int code = cancelled ? 75 : 0;
    for (const PlanApplySection& s : sections) {
        if (s.exitCode == 1)
            return 1;
        if (s.exitCode != 0)
            code = 75;
    }
    return code;
}

QJsonObject PlanApplyReport::toJson() const {
    QJsonObject o{{QStringLiteral("plan_sha256"), planSha256},
                  {QStringLiteral("exit"), exitCode()},
                  {QStringLiteral("cancelled"), cancelled}};
    if (!refusal.isEmpty())
        o.insert(QStringLiteral("refused"), refusal);
    for (const PlanApplySection& s : sections) {
        QJsonArray units;
        for (const PlanUnitOutcome& u : s.outcomes)
            units.append(u.toJson());
        QJsonObject counts;
        for (auto status : {PlanUnitOutcome::Status::Applied, PlanUnitOutcome::Status::Done,
                            PlanUnitOutcome::Status::Stale, PlanUnitOutcome::Status::Left})
            counts.insert(PlanUnitOutcome::statusName(status), double(s.count(status)));
        o.insert(planDatasetName(s.dataset),
                 QJsonObject{{QStringLiteral("where"), s.where},
                             {QStringLiteral("exit"), s.exitCode},
                             {QStringLiteral("counts"), counts},
                             {QStringLiteral("warnings"), QJsonArray::fromStringList(s.warnings)},
                             {QStringLiteral("units"), units}});
    }
    return o;
}

QString PlanApplyReport::text() const {
    QStringList lines;
    if (!refusal.isEmpty())
        return QStringLiteral("refused, nothing was changed: %1").arg(refusal);
    for (const PlanApplySection& s : sections) {
        lines << QStringLiteral("%1 (%2): %3 applied, %4 already done, %5 stale, %6 left")
                     .arg(planDatasetName(s.dataset), s.where)
                     .arg(s.count(PlanUnitOutcome::Status::Applied))
                     .arg(s.count(PlanUnitOutcome::Status::Done))
                     .arg(s.count(PlanUnitOutcome::Status::Stale))
                     .arg(s.count(PlanUnitOutcome::Status::Left));
        int left = 0;
        for (const PlanUnitOutcome& u : s.outcomes) {
            if (u.status == PlanUnitOutcome::Status::Stale)
                lines << QStringLiteral("  stale, untouched: %1: %2").arg(describeUnit(u.unit), u.detail);
            else if (u.status == PlanUnitOutcome::Status::Left && ++left <= 10)
                lines
                    << QStringLiteral("  left for a later apply: %1: %2").arg(describeUnit(u.unit), u.detail);
        }
        if (left > 10)
            lines << QStringLiteral("  … and %1 more left for a later apply").arg(left - 10);
    }
    if (cancelled)
        lines << QStringLiteral("stopped: the rest is left for a later apply");
    lines << QStringLiteral("plan %1").arg(planSha256);
    return lines.join(QLatin1Char('\n'));
}

PlanApplyReport PlanApplyJob::run(const PlanApplyRequest& request, TaskFeedback& feedback) {
    // The round's limits before anything is opened, whether or not the plan has positions units.
    if (request.budgetSeconds)
        positions::RoundRequest::kBudget.check(*request.budgetSeconds);
    positions::RoundRequest::kJobs.check(request.jobs);
    PlanApplyReport report;
    report.planSha256 = planfile::sha256(request.plan);
    std::vector<Applicable> applicable;
    try {
        for (WorkspaceDataset d : kDatasets) {
            if (request.only && *request.only != d)
                continue;
            const QJsonObject section = sectionOf(request.plan, d);
            if (!section.contains(QStringLiteral("units"))) {
                if (request.only)
                    throw refused(QStringLiteral("the plan holds no %1 units").arg(planDatasetName(d)));
                continue;
            }
            applicable.push_back(check(d, request));
        }
        if (applicable.empty())
            throw refused(QStringLiteral("the plan holds no units to apply"));
    } catch (const Error& e) {
        if (e.kind() == Error::Kind::Cancelled || e.kind() == Error::Kind::Connection)
            throw;
        report.refusal = e.message();
        return report;
    }
    for (const Applicable& a : applicable) {
        if (!feedback.checkpoint()) {
            report.cancelled = true;
            break;
        }
        report.sections.push_back(apply(a, request, report.planSha256, feedback));
    }
    return report;
}

} // namespace tidemark
