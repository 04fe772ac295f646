#include "clicontext.h"
#include "cliregistry.h"

#include "error.h"
#include "spatialitedatabase.h"
#include "tracksfilecheck.h"
#include "tracksmigrator.h"
#include "tracksstore.h"

#include <QJsonArray>

namespace tidemark::cli {

namespace {

int runInit(CliContext& ctx) {
    const QString path = ctx.sqlitePath();
    auto db = tracks::SpatialiteDatabase::open(path, tracks::SpatialiteDatabase::Mode::CreateIfMissing);
    tracks::TracksMigrator migrator(*db);
    QStringList names;
    for (const Migration& m : migrator.migrate())
        names << QStringLiteral("%1_%2").arg(m.version, 4, 10, QLatin1Char('0')).arg(m.name);
    const SchemaStatus s = migrator.status();
    ctx.print(
        {{QStringLiteral("sqlite"), path},
         {QStringLiteral("version"), s.currentVersion},
         {QStringLiteral("applied_now"), QJsonArray::fromStringList(names)}},
        names.isEmpty()
            ? QStringLiteral("tracks schema in %1 is up to date (version %2)").arg(path).arg(s.currentVersion)
            : QStringLiteral("applied to %1: %2").arg(path, names.join(QStringLiteral(", "))));
    return ExitDone;
}

int runStatus(CliContext& ctx) {
    const QString path = ctx.sqlitePath();
    // Read-only first: a file that is not a tracks file is reported as it is, and left as it was.
    const tracks::TracksFileCheck check = tracks::TracksFileCheck::read(path);
    const SchemaStatus& s = check.status();
    QJsonObject json{
        {QStringLiteral("sqlite"), path},
        {QStringLiteral("version"), s.currentVersion},
        {QStringLiteral("latest"), s.latestVersion},
        {QStringLiteral("missing_tables"), QJsonArray::fromStringList(s.missingTables)},
        {QStringLiteral("foreign_objects"), QJsonArray::fromStringList(check.foreignDescriptions())}};
    QString text = QStringLiteral("tracks schema in %1: version %2 of %3")
                       .arg(path)
                       .arg(s.currentVersion)
                       .arg(s.latestVersion);
    if (!s.missingTables.isEmpty())
        text += check.foreignObjects().isEmpty()
                    ? QStringLiteral("\n  missing tables: %1 (run: tidemark-cli tracks init --sqlite %2)")
                          .arg(s.missingTables.join(QStringLiteral(", ")), path)
                    : QStringLiteral("\n  missing tables: %1 (not a tracks file)")
                          .arg(s.missingTables.join(QStringLiteral(", ")));
    if (!check.foreignObjects().isEmpty()) {
        const QStringList foreign = check.foreignDescriptions();
        text +=
            QStringLiteral("\n  not part of the tracks schema: %1%2")
                .arg(foreign.mid(0, 5).join(QStringLiteral(", ")),
                     foreign.size() > 5 ? QStringLiteral(" and %1 more").arg(foreign.size() - 5) : QString());
    }
    if (!s.missingTables.isEmpty() || !check.foreignObjects().isEmpty() || s.newerThanKnown()) {
        ctx.print(json, text);
        return s.missingTables.isEmpty() ? ExitRefused : ExitFailed;
    }
    auto db = tracks::SpatialiteDatabase::open(path);
    tracks::TracksStore store(*db);
    const tracks::TracksExtent e = store.extent();
    json.insert(QStringLiteral("tracks"), e.tracks);
    json.insert(QStringLiteral("pipeline_runs"), store.pipelineRunCount());
    text += QStringLiteral("\n  tracks: %1, pipeline runs: %2").arg(e.tracks).arg(store.pipelineRunCount());
    if (e.tracks > 0) {
        json.insert(QStringLiteral("extent"), QJsonArray{e.minLon, e.minLat, e.maxLon, e.maxLat});
        text += QStringLiteral("\n  extent: lon %1 to %2, lat %3 to %4")
                    .arg(e.minLon, 0, 'f', 4)
                    .arg(e.maxLon, 0, 'f', 4)
                    .arg(e.minLat, 0, 'f', 4)
                    .arg(e.maxLat, 0, 'f', 4);
    }
    QJsonObject bySource;
    const auto sources = store.countBySource();
    for (auto it = sources.begin(); it != sources.end(); ++it) {
        bySource.insert(it.key(), it.value());
        text += QStringLiteral("\n  source %1: %2").arg(it.key()).arg(it.value());
    }
    json.insert(QStringLiteral("by_source"), bySource);
    ctx.print(json, text);
    return ExitDone;
}

} // namespace

void registerTracksCommands(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("tracks"), QStringLiteral("init")},
         QStringLiteral(
             "Create (or migrate) a tracks SQLite file with SpatiaLite metadata and the tracks schema; "
             "a file holding another database is refused (exit 3) and left as it was."),
         {},
         {CommonOption::Sqlite},
         {},
         runInit});
    registry.add({{QStringLiteral("tracks"), QStringLiteral("status")},
                  QStringLiteral("Report the tracks file's schema version, track count, extent and sources; "
                                 "a file that is not a tracks file (missing tables, objects of its own) is "
                                 "reported read-only and left as it was."),
                  {},
                  {CommonOption::Sqlite},
                  {},
                  runStatus});
}

} // namespace tidemark::cli
