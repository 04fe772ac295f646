// `tracks import`: GPX files into a tracks file, one (region, source) batch per file.
#include "clicontext.h"
#include "cliregistry.h"
#include "commandfeedback.h"

#include "error.h"
#include "taskfeedback.h"
#include "tracksimportjob.h"
#include "trackssettings.h"

#include <QJsonArray>

namespace tidemark::cli {

namespace {

const QCommandLineOption
    kSource(QStringLiteral("source"),
            QStringLiteral("The source id of the files (one of the configured sources)."),
            QStringLiteral("ID"));
using tracks::TracksImportRequest;

const QCommandLineOption
    kRegion(QStringLiteral("region"),
            QStringLiteral("The region of the pipeline_runs rows: 1 to %1 letters, digits, '.', '-' or '_' "
                           "(default: %2).")
                .arg(TracksImportRequest::kMaxRegionLength)
                .arg(QLatin1String(TracksImportRequest::kDefaultRegion)),
            QStringLiteral("R"), QLatin1String(TracksImportRequest::kDefaultRegion));
const QCommandLineOption kActivity(
    QStringLiteral("activity"),
    QStringLiteral("Activity of tracks without a GPX <type>: one word of 1 to %1 letters, digits, '-' "
                   "or '_', stored in lower case (default: %2).")
        .arg(TracksImportRequest::kMaxActivityLength)
        .arg(QLatin1String(TracksImportRequest::kDefaultActivity)),
    QStringLiteral("A"), QLatin1String(TracksImportRequest::kDefaultActivity));
const QCommandLineOption kRoutes(QStringLiteral("routes"),
                                 QStringLiteral("Import routes (<rte>) as tracks; else they are skipped."));
const QCommandLineOption kSources(QStringLiteral("sources"),
                                  QStringLiteral("The sources configuration (gps_sources.yaml); default: "
                                                 "GPS_SOURCES_CONFIG, else the demo's sources."),
                                  QStringLiteral("FILE"));

QJsonObject totalsJson(const tracks::GpxImportTotals& t) {
    return {{QStringLiteral("tracks"), t.tracks},
            {QStringLiteral("points"), t.points},
            {QStringLiteral("added"), t.added},
            {QStringLiteral("merged"), t.merged},
            {QStringLiteral("unchanged"), t.unchanged},
            {QStringLiteral("skipped_short_tracks"), t.tooShort},
            {QStringLiteral("skipped_waypoints"), t.skippedWaypoints},
            {QStringLiteral("skipped_routes"), t.skippedRoutes},
            {QStringLiteral("refused_times"), t.refusedTimes}};
}

QString totalsText(const tracks::GpxImportTotals& t) {
    return QStringLiteral("added %1, merged %2, unchanged %3; skipped: %4 waypoints, %5 routes, %6 tracks "
                          "under two points (%7 tracks, %8 points read)%9")
        .arg(t.added)
        .arg(t.merged)
        .arg(t.unchanged)
        .arg(t.skippedWaypoints)
        .arg(t.skippedRoutes)
        .arg(t.tooShort)
        .arg(t.tracks)
        .arg(t.points)
        .arg(t.refusedTimes ? QStringLiteral("; %1 point time(s) refused, the points kept without them")
                                  .arg(t.refusedTimes)
                            : QString());
}

// The sources the import checks --source against: --sources FILE, else GPS_SOURCES_CONFIG, else the demo's.
tracks::TrackSourceList configuredSources(CliContext& ctx) {
    if (ctx.isSet(QStringLiteral("sources")))
        return tracks::TracksSettings::sourcesFrom(ctx.value(QStringLiteral("sources")),
                                                   QStringLiteral("--sources"));
    return ctx.settings().tracks.sources;
}

int runImport(CliContext& ctx) {
    tracks::TracksImportRequest request;
    request.store = ctx.tracksLocation();
    request.sourceId = ctx.required(QStringLiteral("source"));
    request.files = ctx.parser().positionalArguments();
    request.region = ctx.value(QStringLiteral("region"));
    request.options.routesAsTracks = ctx.isSet(QStringLiteral("routes"));
    request.options.defaultActivity = ctx.value(QStringLiteral("activity"));
    request.sources = configuredSources(ctx);
    request.now = ctx.now();

    CommandFeedback feedback(ctx);
    const tracks::TracksImportReport report = tracks::TracksImportJob::run(request, feedback);
    feedback.finishProgress();
    for (const QString& warning : report.warnings)
        ctx.err() << "tidemark-cli: WARNING: " << warning << '\n';
    ctx.err().flush();

    QJsonArray perFile;
    for (const tracks::GpxFileImportResult& r : report.files) {
        tracks::GpxImportTotals one;
        one.add(r);
        QJsonObject o = r.refused() ? QJsonObject{} : totalsJson(one);
        o.insert(QStringLiteral("file"), r.path);
        o.insert(QStringLiteral("status"),
                 r.refused() ? QStringLiteral("refused") : QStringLiteral("imported"));
        if (r.refused()) {
            o.insert(QStringLiteral("error"), r.error);
        } else {
            o.insert(QStringLiteral("gpx_version"), r.read.version);
            o.insert(QStringLiteral("time_problems"), QJsonArray::fromStringList(r.read.timeProblems));
        }
        perFile.append(o);
        if (!ctx.json())
            ctx.print({}, r.refused() ? QStringLiteral("%1: refused: %2").arg(r.path, r.error)
                                      : QStringLiteral("%1: %2").arg(r.path, totalsText(one)));
    }
    const tracks::GpxImportTotals total = report.totals();
    QJsonObject totalJson = totalsJson(total);
    totalJson.insert(QStringLiteral("files"), total.files);
    totalJson.insert(QStringLiteral("refused"), total.refused);
    QString text = QStringLiteral("total: %1 files, %2 refused: %3")
                       .arg(total.files)
                       .arg(total.refused)
                       .arg(totalsText(total));
    if (report.cancelled)
        text += QStringLiteral("\ncancelled: %1 file(s) not imported: %2")
                    .arg(report.notImported.size())
                    .arg(report.notImported.join(QStringLiteral(", ")));
    ctx.print({{report.store.isPostgis() ? QStringLiteral("db") : QStringLiteral("sqlite"), report.storeName},
               {QStringLiteral("source"), report.sourceId},
               {QStringLiteral("region"), report.region},
               {QStringLiteral("files"), perFile},
               {QStringLiteral("total"), totalJson},
               {QStringLiteral("cancelled"), report.cancelled},
               {QStringLiteral("not_imported"), QJsonArray::fromStringList(report.notImported)}},
              text);
    return report.anyRefused() ? ExitFailed : report.cancelled ? ExitRetry : ExitDone;
}

} // namespace

void registerTracksImportCommand(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("tracks"), QStringLiteral("import")},
         QStringLiteral("Import GPX 1.0/1.1 files, each as one (region, source) batch; a malformed file "
                        "is refused whole (exit 1), the others are still imported. A point's <time> outside "
                        "the years 1970 to 2100 (UTC) or unreadable is refused with its line and column "
                        "(stderr), the point kept without it."),
         {kSource, kRegion, kActivity, kRoutes, kSources},
         {CommonOption::Sqlite, CommonOption::TracksDb},
         QStringLiteral("GPX files"),
         runImport});
}

} // namespace tidemark::cli
