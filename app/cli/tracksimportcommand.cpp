// `tracks import`: GPX files into a tracks file, one (region, source) batch per file.
#include "clicontext.h"
#include "cliregistry.h"

#include "error.h"
#include "gpxfilebatch.h"
#include "spatialitedatabase.h"
#include "trackimporter.h"
#include "tracksourcelist.h"

#include <QJsonArray>

namespace tidemark::cli {

namespace {

const QCommandLineOption
    kSource(QStringLiteral("source"),
            QStringLiteral("The source id of the files (one of the configured sources)."),
            QStringLiteral("ID"));
const QCommandLineOption kRegion(QStringLiteral("region"),
                                 QStringLiteral("The region of the pipeline_runs rows (default: default)."),
                                 QStringLiteral("R"), QStringLiteral("default"));
const QCommandLineOption
    kActivity(QStringLiteral("activity"),
              QStringLiteral("Activity of tracks without a GPX <type> (default: unknown)."),
              QStringLiteral("A"), QStringLiteral("unknown"));
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

// Each refused <time> of a file (the first GpxReadSummary::kMaxTimeProblems), on stderr whatever the output.
void warnRefusedTimes(CliContext& ctx, const tracks::GpxReadSummary& read) {
    for (const QString& problem : read.timeProblems)
        ctx.err() << "tidemark-cli: " << problem << '\n';
    if (read.refusedTimes > read.timeProblems.size())
        ctx.err() << "tidemark-cli: and " << (read.refusedTimes - read.timeProblems.size())
                  << " more refused <time> in the same file\n";
    ctx.err().flush();
}

int runImport(CliContext& ctx) {
    const QString path = ctx.sqlitePath();
    const QString source = ctx.required(QStringLiteral("source"));
    const QStringList files = ctx.parser().positionalArguments();
    if (files.isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("no GPX files given"));
    const tracks::TrackSourceList sources =
        tracks::TrackSourceList::configured(ctx.value(QStringLiteral("sources")));
    sources.require(source);
    auto db = tracks::SpatialiteDatabase::open(path);
    tracks::GpxReadOptions options;
    options.routesAsTracks = ctx.isSet(QStringLiteral("routes"));
    options.defaultActivity = ctx.value(QStringLiteral("activity")).trimmed().toLower();
    if (options.defaultActivity.isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("--activity must not be empty"));
    tracks::TrackImporter importer(*db, sources, ctx.now());
    tracks::GpxFileBatch batch(importer, ctx.value(QStringLiteral("region")), source, options);

    tracks::GpxImportTotals total;
    QJsonArray perFile;
    for (const QString& file : files) {
        const tracks::GpxFileImportResult r = batch.importFile(file);
        tracks::GpxImportTotals one;
        one.add(r);
        total.add(r);
        QJsonObject o = r.refused() ? QJsonObject{} : totalsJson(one);
        o.insert(QStringLiteral("file"), file);
        o.insert(QStringLiteral("status"),
                 r.refused() ? QStringLiteral("refused") : QStringLiteral("imported"));
        if (r.refused()) {
            o.insert(QStringLiteral("error"), r.error);
        } else {
            o.insert(QStringLiteral("gpx_version"), r.read.version);
            o.insert(QStringLiteral("time_problems"), QJsonArray::fromStringList(r.read.timeProblems));
            warnRefusedTimes(ctx, r.read);
        }
        perFile.append(o);
        const QString line = r.refused() ? QStringLiteral("%1: refused: %2").arg(file, r.error)
                                         : QStringLiteral("%1: %2").arg(file, totalsText(one));
        if (!ctx.json())
            ctx.print({}, line); // as each file is done
    }
    QJsonObject totalJson = totalsJson(total);
    totalJson.insert(QStringLiteral("files"), total.files);
    totalJson.insert(QStringLiteral("refused"), total.refused);
    ctx.print({{QStringLiteral("sqlite"), path},
               {QStringLiteral("source"), source},
               {QStringLiteral("region"), ctx.value(QStringLiteral("region"))},
               {QStringLiteral("files"), perFile},
               {QStringLiteral("total"), totalJson}},
              QStringLiteral("total: %1 files, %2 refused: %3")
                  .arg(total.files)
                  .arg(total.refused)
                  .arg(totalsText(total)));
    return total.refused > 0 ? ExitFailed : ExitDone;
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
         {CommonOption::Sqlite},
         QStringLiteral("GPX files"),
         runImport});
}

} // namespace tidemark::cli
