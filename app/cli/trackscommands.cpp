#include "clicontext.h"
#include "cliregistry.h"

#include "commandfeedback.h"
#include "error.h"
#include "pgconnection.h"
#include "postgistracksdatabase.h"
#include "schemamigrator.h"
#include "spatialitedatabase.h"
#include "taskfeedback.h"
#include "trackoverview.h"
#include "tracksfilecheck.h"
#include "tracksmigrator.h"
#include "tracksschema.h"
#include "tracksstore.h"

#include <QJsonArray>
#include <algorithm>

namespace tidemark::cli {

namespace {

const QCommandLineOption kRebuildOverview(QStringLiteral("rebuild-overview"),
                                          QStringLiteral("Rebuild the density overview from the tracks."));

QString migrationNames(const QList<Migration>& applied) {
    QStringList names;
    for (const Migration& m : applied)
        names << m.label();
    return names.join(QStringLiteral(", "));
}

int runInit(CliContext& ctx) {
    const tracks::TracksLocation location = ctx.tracksLocation();
    QList<Migration> applied;
    SchemaStatus s;
    QString where;
    qint64 overviewTiles = -1;
    std::unique_ptr<tracks::TracksDatabase> store;
    if (location.isPostgis()) {
        auto db =
            tracks::PostgisTracksDatabase::open(location.conninfo, tracks::TracksDatabase::Access::Create);
        SchemaMigrator migrator(db->connection(), tracks::tracksPostgisSchema());
        applied = migrator.migrate();
        s = migrator.status();
        where = db->describe();
        store = std::move(db);
    } else {
        auto db = tracks::SpatialiteDatabase::open(location.sqlitePath,
                                                   tracks::SpatialiteDatabase::Mode::CreateIfMissing);
        tracks::TracksMigrator migrator(*db);
        applied = migrator.migrate();
        s = migrator.status();
        where = location.sqlitePath;
        store = std::move(db);
    }
    // A store migrated now to a version that adds an overview gets the overviews of the tracks it holds (the
    // file's first overview came with its version 2, a PostGIS store's with its first migration; the
    // per-activity one with version 4 of both); a later migration leaves the overviews as they are. Asked,
    // any store's are rebuilt (an overview out of step names this).
    const bool overviewAdded = std::any_of(applied.cbegin(), applied.cend(), [&](const Migration& m) {
        return m.version == tracks::TrackOverview::kActivityMigrationVersion ||
               (!location.isPostgis() && m.version == tracks::TrackOverview::kFileMigrationVersion);
    });
    if ((overviewAdded || ctx.isSet(QStringLiteral("rebuild-overview"))) && store->trackCount() > 0) {
        CommandFeedback feedback(ctx);
        overviewTiles = tracks::TrackOverview::rebuild(*store, feedback);
        feedback.finishProgress();
    }
    const QString names = migrationNames(applied);
    QStringList nameList;
    if (!names.isEmpty())
        nameList = names.split(QStringLiteral(", "));
    QJsonObject json{{QStringLiteral("version"), s.currentVersion},
                     {QStringLiteral("applied_now"), QJsonArray::fromStringList(nameList)}};
    json.insert(location.isPostgis() ? QStringLiteral("db") : QStringLiteral("sqlite"), where);
    json.insert(QStringLiteral("store_id"), store->storeId());
    if (overviewTiles >= 0)
        json.insert(QStringLiteral("overview_tiles_rebuilt"), overviewTiles);
    const QString rebuilt =
        overviewTiles >= 0 ? QStringLiteral("\nthe density overview was rebuilt from the tracks: %1 tiles")
                                 .arg(overviewTiles)
                           : QString();
    ctx.print(json, (names.isEmpty() ? QStringLiteral("tracks schema in %1 is up to date (version %2)")
                                           .arg(where)
                                           .arg(s.currentVersion)
                                     : QStringLiteral("applied to %1: %2").arg(where, names)) +
                        rebuilt);
    return ExitDone;
}

// What status says of an open store, file or PostGIS: its tracks, runs, extent and sources.
void addStoreFacts(tracks::TracksDatabase& db, QJsonObject* json, QString* text) {
    tracks::TracksStore store(db);
    const tracks::TracksExtent e = store.extent();
    const qint64 runs = store.pipelineRunCount();
    const QString storeId = db.storeId();
    json->insert(QStringLiteral("store_id"), storeId.isEmpty() ? QJsonValue() : QJsonValue(storeId));
    *text += storeId.isEmpty() ? QStringLiteral("\n  store id: none yet (run: tidemark-cli tracks init)")
                               : QStringLiteral("\n  store id: %1").arg(storeId);
    json->insert(QStringLiteral("tracks"), e.tracks);
    json->insert(QStringLiteral("pipeline_runs"), runs);
    *text += QStringLiteral("\n  tracks: %1, pipeline runs: %2").arg(e.tracks).arg(runs);
    if (e.tracks > 0) {
        json->insert(QStringLiteral("extent"), QJsonArray{e.minLon, e.minLat, e.maxLon, e.maxLat});
        *text += QStringLiteral("\n  extent: lon %1 to %2, lat %3 to %4")
                     .arg(e.minLon, 0, 'f', 4)
                     .arg(e.maxLon, 0, 'f', 4)
                     .arg(e.minLat, 0, 'f', 4)
                     .arg(e.maxLat, 0, 'f', 4);
    }
    QJsonObject bySource;
    const auto sources = store.countBySource();
    for (auto it = sources.begin(); it != sources.end(); ++it) {
        bySource.insert(it.key(), it.value());
        *text += QStringLiteral("\n  source %1: %2").arg(it.key()).arg(it.value());
    }
    json->insert(QStringLiteral("by_source"), bySource);
}

int runPostgisStatus(CliContext& ctx, const tracks::TracksLocation& location) {
    // Read only, also the schema's look: a database without the store is reported, not changed.
    auto db = tracks::PostgisTracksDatabase::open(location.conninfo, tracks::TracksDatabase::Access::Create);
    db->connection().exec(QStringLiteral("SET default_transaction_read_only = on"));
    const SchemaStatus s = SchemaMigrator(db->connection(), tracks::tracksPostgisSchema()).status();
    QJsonObject json{{QStringLiteral("db"), db->describe()},
                     {QStringLiteral("version"), s.currentVersion},
                     {QStringLiteral("latest"), s.latestVersion},
                     {QStringLiteral("missing_tables"), QJsonArray::fromStringList(s.missingTables)}};
    QString text = QStringLiteral("tracks schema in %1: version %2 of %3")
                       .arg(db->describe())
                       .arg(s.currentVersion)
                       .arg(s.latestVersion);
    if (!s.missingTables.isEmpty()) {
        text += QStringLiteral("\n  missing tables: %1 (run: tidemark-cli tracks init --db CONNINFO)")
                    .arg(s.missingTables.join(QStringLiteral(", ")));
        ctx.print(json, text);
        return ExitFailed; // as for a file without the tables
    }
    if (s.newerThanKnown()) {
        ctx.print(json, text + QStringLiteral(" (newer than this Tidemark knows)"));
        return ExitRefused;
    }
    addStoreFacts(*db, &json, &text);
    ctx.print(json, text);
    return ExitDone;
}

int runStatus(CliContext& ctx) {
    const tracks::TracksLocation location = ctx.tracksLocation();
    if (location.isPostgis())
        return runPostgisStatus(ctx, location);
    const QString path = location.sqlitePath;
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
    auto db = tracks::SpatialiteDatabase::open(path, tracks::SpatialiteDatabase::Mode::ReadOnly);
    addStoreFacts(*db, &json, &text);
    ctx.print(json, text);
    return ExitDone;
}

} // namespace

void registerTracksCommands(CliRegistry& registry) {
    registry.add(
        {{QStringLiteral("tracks"), QStringLiteral("init")},
         QStringLiteral(
             "Create (or migrate) a tracks store: a SQLite file with SpatiaLite metadata and the tracks "
             "schema "
             "(a file holding another database is refused, exit 3, and left as it was), or with --db the "
             "schema in a PostgreSQL database with PostGIS (CREATE EXTENSION postgis first)."),
         {kRebuildOverview},
         {CommonOption::Sqlite, CommonOption::TracksDb},
         {},
         runInit});
    registry.add({{QStringLiteral("tracks"), QStringLiteral("status")},
                  QStringLiteral("Report the tracks store's schema version, track count, extent and sources; "
                                 "a file that is not a tracks file (missing tables, objects of its own) or a "
                                 "database without the store is reported read-only and left as it was."),
                  {},
                  {CommonOption::Sqlite, CommonOption::TracksDb},
                  {},
                  runStatus});
}

} // namespace tidemark::cli
