// The statements of TracksDatabase on a SpatiaLite file.
#include "spatialitedatabase.h"

#include "trackcolumns.h"
#include "trackshealth.h"
#include "tracksretention.h"
#include "tracksstore.h"
#include "trackssummary.h"
#include "trackssummaryloader.h"

#include "error.h"
#include "taskfeedback.h"

#include <map>
#include <memory>
#include <sqlite3.h>

namespace tidemark::tracks {

namespace {

// The created_at of the statement's first column.
Micros createdAtOf(const SqliteStatement& q, const QString& path) {
    Micros created = 0;
    if (!tryParseIsoTimestamp(q.text(0), &created))
        throw Error(Error::Kind::Failed,
                    QStringLiteral("%1: a track has a created_at that is not a timestamp: '%2'")
                        .arg(path, q.text(0).left(64)));
    return created;
}

} // namespace

qint64 SpatialiteDatabase::trackCount() {
    return scalar(QStringLiteral("SELECT count(*) FROM tracks"));
}

qint64 SpatialiteDatabase::pipelineRunCount() {
    return scalar(QStringLiteral("SELECT count(*) FROM pipeline_runs"));
}

void SpatialiteDatabase::forEachSourceList(const std::function<void(const QStringList&)>& take) {
    SqliteStatement q = prepare(QStringLiteral("SELECT sources_json FROM tracks"));
    while (q.step())
        take(fromJsonArray(q.text(0)));
}

std::vector<TracksSummary> SpatialiteDatabase::summariesByActivity() {
    return TracksSummaryLoader::byActivity(file());
}

QString SpatialiteDatabase::filterSql(const TracksQuery& query, const QString& columns) {
    QString sql = QStringLiteral("SELECT %1 FROM tracks WHERE ROWID IN (SELECT ROWID FROM SpatialIndex"
                                 " WHERE f_table_name = 'tracks' AND f_geometry_column = 'geom'"
                                 " AND search_frame = BuildMbr(?1, ?2, ?3, ?4, 4326))"
                                 " AND max_lon >= ?1 AND min_lon <= ?3 AND max_lat >= ?2 AND min_lat <= ?4")
                      .arg(columns);
    if (!query.activities.isEmpty()) {
        QStringList marks;
        for (int i = 0; i < query.activities.size(); ++i)
            marks << QStringLiteral("?%1").arg(5 + i);
        sql += QStringLiteral(" AND activity_type IN (%1)").arg(marks.join(QLatin1Char(',')));
    }
    return sql;
}

QString SpatialiteDatabase::prefetchSql(const TracksQuery& query, const QString& columns) {
    return filterSql(query, columns) +
           tracksOrderAndPage(query, {QStringLiteral("name COLLATE NOCASE"), QStringLiteral("activity_type"),
                                      false, QStringLiteral("-1")});
}

qint64 SpatialiteDatabase::countInBox(const TracksQuery& query) {
    SqliteStatement q = prepare(filterSql(query, QStringLiteral("count(*)")));
    q.bind(1, query.box.minLon).bind(2, query.box.minLat).bind(3, query.box.maxLon).bind(4, query.box.maxLat);
    for (int i = 0; i < query.activities.size(); ++i)
        q.bind(5 + i, query.activities[i]);
    q.step();
    return q.toInt64(0);
}

void SpatialiteDatabase::scanBox(const TracksQuery& query, bool withGeometry,
                                 const std::function<void(BoxRow&)>& take) {
    static const QString kSummaryColumns = QStringLiteral(
        "id, activity_type, sources_json, name, external_urls_json, points_count, length_m, min_lon, min_lat,"
        " max_lon, max_lat, started_at, created_at");
    static const QString kGeometryColumns = QStringLiteral("id, activity_type, sources_json, geom");
    SqliteStatement q = prepare(prefetchSql(query, withGeometry ? kGeometryColumns : kSummaryColumns));
    q.bind(1, query.box.minLon).bind(2, query.box.minLat).bind(3, query.box.maxLon).bind(4, query.box.maxLat);
    for (int i = 0; i < query.activities.size(); ++i)
        q.bind(5 + i, query.activities[i]);
    std::unique_ptr<SqliteStatement> asWkb; // for geometries stored in another form (e.g. compressed)
    BoxRow r;
    while (q.step()) {
        r.row = TrackRow();
        r.row.id = q.toInt64(0);
        r.row.activity = q.text(1);
        r.row.sources = fromJsonArray(q.text(2));
        r.points.clear();
        if (withGeometry) {
            if (!readSpatialiteLineString(q.blob(3), &r.points)) {
                r.points.clear();
                if (!asWkb)
                    asWkb = std::make_unique<SqliteStatement>(
                        prepare(QStringLiteral("SELECT AsBinary(geom) FROM tracks WHERE id = ?1")));
                asWkb->bind(1, r.row.id);
                if (asWkb->step())
                    r.points = readWkbLineString(asWkb->blob(0));
                asWkb->reset();
            }
        } else {
            r.row.name = q.text(3);
            r.row.externalUrls = fromJsonArray(q.text(4));
            r.row.pointsCount = q.toInt64(5);
            r.row.lengthMetres = q.toDouble(6);
            r.row.bbox = {q.toDouble(7), q.toDouble(8), q.toDouble(9), q.toDouble(10)};
            r.row.startedAt = q.text(11);
            r.row.createdAt = q.text(12);
        }
        take(r);
    }
}

qint64 SpatialiteDatabase::countInBoxUpTo(const TrackBox& box, qint64 atMost) {
    // The R-tree itself (its boxes are the tracks' own, rounded outwards to floats), which stops at the
    // limit.
    SqliteStatement q =
        prepare(QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM idx_tracks_geom WHERE"
                               " xmax >= ?1 AND xmin <= ?3 AND ymax >= ?2 AND ymin <= ?4 LIMIT ?5)"));
    q.bind(1, box.minLon).bind(2, box.minLat).bind(3, box.maxLon).bind(4, box.maxLat).bind(5, atMost);
    return q.step() ? q.toInt64(0) : 0;
}

qint64 SpatialiteDatabase::countInBoxUpTo(const TracksQuery& query, qint64 atMost) {
    if (query.activities.isEmpty())
        return countInBoxUpTo(query.box, atMost);
    // The activity's index, then the stored boxes: a filter that leaves few tracks costs few rows.
    QStringList marks;
    for (int i = 0; i < query.activities.size(); ++i)
        marks << QStringLiteral("?%1").arg(6 + i);
    SqliteStatement q =
        prepare(QStringLiteral("SELECT count(*) FROM (SELECT 1 FROM tracks WHERE activity_type"
                               " IN (%1) AND max_lon >= ?1 AND min_lon <= ?3 AND max_lat >= ?2"
                               " AND min_lat <= ?4 LIMIT ?5)")
                    .arg(marks.join(QLatin1Char(','))));
    q.bind(1, query.box.minLon).bind(2, query.box.minLat).bind(3, query.box.maxLon).bind(4, query.box.maxLat);
    q.bind(5, atMost);
    for (int i = 0; i < query.activities.size(); ++i)
        q.bind(6 + i, query.activities[i]);
    return q.step() ? q.toInt64(0) : 0;
}

std::vector<TracksGroupExtent> SpatialiteDatabase::extentsByActivityAndSources() {
    SqliteStatement q = prepare(QStringLiteral(
        "SELECT activity_type, sources_json, count(*), min(min_lon), min(min_lat), max(max_lon),"
        " max(max_lat) FROM tracks GROUP BY activity_type, sources_json"));
    std::vector<TracksGroupExtent> groups;
    while (q.step())
        groups.push_back({q.text(0),
                          fromJsonArray(q.text(1)),
                          q.toInt64(2),
                          {q.toDouble(3), q.toDouble(4), q.toDouble(5), q.toDouble(6)}});
    return groups;
}

std::vector<PipelineRun> SpatialiteDatabase::lastPipelineRuns(int count) {
    std::vector<PipelineRun> runs;
    SqliteStatement q = prepare(QStringLiteral(
        "SELECT id, region, source, started_at, finished_at, status, tracks_added, tracks_merged,"
        " error FROM pipeline_runs ORDER BY id DESC LIMIT ?1"));
    q.bind(1, count);
    while (q.step())
        runs.push_back({q.toInt64(0), q.text(1), q.text(2), q.text(3), q.text(4), q.text(5), q.text(8),
                        q.toInt64(6), q.toInt64(7)});
    return runs;
}

void SpatialiteDatabase::prepareImport() {
    // WAL's recommended setting (it cannot change inside a transaction, so here): a commit no longer waits
    // for fsync, four of which were most of the time of a small file. The import ends in a checkpoint, which
    // syncs the WAL and the file; a power cut before it can lose the import's last batches whole (the WAL
    // keeps a prefix of its commits, each batch with its pipeline_runs rows), never part of one.
    exec(QStringLiteral("PRAGMA synchronous=NORMAL"));
}

int SpatialiteDatabase::failAbandonedPipelineRuns(Micros at, const QString& error) {
    SqliteStatement fail = prepare(QStringLiteral(
        "UPDATE pipeline_runs SET status = 'failed', finished_at = ?1, error = ?2 WHERE status = 'running'"));
    fail.bind(1, formatIsoTimestamp(at)).bind(2, error);
    fail.step();
    return sqlite3_changes(handle());
}

qint64 SpatialiteDatabase::startPipelineRun(const QString& region, const QString& source, Micros startedAt) {
    SqliteStatementUse use = m_file->cached(QStringLiteral(
        "INSERT INTO pipeline_runs (region, source, started_at, status) VALUES (?, ?, ?, 'running')"
        " RETURNING id"));
    SqliteStatement& run = *use;
    run.bind(1, region).bind(2, source).bind(3, formatIsoTimestamp(startedAt));
    run.step();
    return run.toInt64(0);
}

void SpatialiteDatabase::finishPipelineRun(qint64 id, Micros finishedAt, const QString& status, int added,
                                           int merged, const QString& error) {
    SqliteStatementUse use = m_file->cached(
        QStringLiteral("UPDATE pipeline_runs SET finished_at = ?, status = ?, tracks_added = ?, "
                       "tracks_merged = ?, error = ? WHERE id = ?"));
    SqliteStatement& finish = *use;
    finish.bind(1, formatIsoTimestamp(finishedAt)).bind(2, status).bind(3, added).bind(4, merged);
    if (error.isEmpty())
        finish.bindNull(5);
    else
        finish.bind(5, error);
    finish.bind(6, id);
    finish.step();
}

std::optional<ExistingTrack> SpatialiteDatabase::findByDedupKey(const QString& key) {
    SqliteStatementUse use = m_file->cached(
        QStringLiteral("SELECT id, sources_json, external_urls_json FROM tracks WHERE dedup_key = ?"));
    SqliteStatement& q = *use;
    q.bind(1, key);
    if (!q.step())
        return std::nullopt;
    return ExistingTrack{q.toInt64(0), fromJsonArray(q.text(1)), fromJsonArray(q.text(2))};
}

void SpatialiteDatabase::updateSources(qint64 id, const QStringList& sources,
                                       const QStringList& externalUrls) {
    SqliteStatementUse use = m_file->cached(
        QStringLiteral("UPDATE tracks SET sources_json = ?, external_urls_json = ? WHERE id = ?"));
    SqliteStatement& update = *use;
    update.bind(1, toJsonArray(sources)).bind(2, toJsonArray(externalUrls)).bind(3, id);
    update.step();
}

TrackInsert SpatialiteDatabase::insertUnlessKnown(const NewTrackRow& t) {
    // One writer at a time (BEGIN IMMEDIATE): the look-up sees every key, and in-process it costs nothing.
    if (std::optional<ExistingTrack> existing = findByDedupKey(t.dedupKey))
        return {false, std::move(existing)};
    SqliteStatementUse use = m_file->cached(
        QStringLiteral("INSERT INTO tracks (dedup_key, name, activity_type, sources_json, "
                       "external_urls_json, user, description,"
                       " tags_json, points_count, length_m, min_lon, min_lat, max_lon, max_lat, "
                       "started_at, created_at, geom)"
                       " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    SqliteStatement& insert = *use;
    insert.bind(1, t.dedupKey).bind(2, t.name).bind(3, t.activity);
    insert.bind(4, toJsonArray(t.sources)).bind(5, toJsonArray(t.externalUrls));
    if (t.user)
        insert.bind(6, *t.user);
    else
        insert.bindNull(6);
    if (t.description.isEmpty())
        insert.bindNull(7);
    else
        insert.bind(7, t.description);
    if (t.tags.isEmpty())
        insert.bindNull(8);
    else
        insert.bind(8, toJsonArray(t.tags));
    insert.bind(9, static_cast<qint64>(t.points->size())).bind(10, t.lengthMetres);
    insert.bind(11, t.bbox.minLon).bind(12, t.bbox.minLat).bind(13, t.bbox.maxLon).bind(14, t.bbox.maxLat);
    if (t.startedAt)
        insert.bind(15, formatIsoTimestamp(*t.startedAt));
    else
        insert.bindNull(15);
    insert.bind(16, formatIsoTimestamp(t.createdAt));
    insert.bindBlob(17, spatialiteLineString(*t.points, t.bbox));
    insert.step();
    return {true, std::nullopt};
}

std::optional<Micros> SpatialiteDatabase::newestCreatedAt() {
    SqliteStatement q = prepare(QStringLiteral("SELECT max(created_at) FROM tracks"));
    if (!q.step() || q.isNull(0))
        return std::nullopt;
    Micros newest = 0;
    if (!tryParseIsoTimestamp(q.text(0), &newest))
        throw Error(Error::Kind::Failed,
                    QStringLiteral("%1: the newest created_at of the tracks is not a timestamp: '%2'")
                        .arg(path(), q.text(0).left(64)));
    return newest;
}

void SpatialiteDatabase::forEachCreatedBefore(Micros cutoff, const QString& columns,
                                              const std::function<void(SqliteStatement&)>& take) {
    // created_at is ISO text with an optional fraction ("...:05Z" sorts after "...:05.5Z"), so the index
    // narrows to the seconds before the cutoff's next whole second and the exact comparison is done here.
    const Micros nextSecond = (floorDiv(cutoff, kMicrosPerSecond) + 1) * kMicrosPerSecond;
    SqliteStatement q = prepare(
        QStringLiteral("SELECT id, created_at%1 FROM tracks WHERE created_at < ?1 ORDER BY id").arg(columns));
    q.bind(1, formatIsoTimestamp(nextSecond));
    while (q.step()) {
        Micros created = 0;
        if (!tryParseIsoTimestamp(q.text(1), &created))
            throw Error(Error::Kind::Failed,
                        QStringLiteral("%1: track %2 has a created_at that is not a timestamp: '%3'")
                            .arg(path())
                            .arg(q.toInt64(0))
                            .arg(q.text(1)));
        if (created < cutoff)
            take(q);
    }
}

std::vector<qint64> SpatialiteDatabase::idsCreatedBefore(Micros cutoff) {
    std::vector<qint64> ids;
    forEachCreatedBefore(cutoff, {}, [&](SqliteStatement& q) { ids.push_back(q.toInt64(0)); });
    return ids;
}

qint64 SpatialiteDatabase::countCreatedIn(Micros from, Micros to) {
    // As in forEachCreatedBefore, the index narrows to the whole seconds around the range (a second's
    // fractions sort before its whole value) and the exact comparison is done here.
    const Micros secondBefore = (floorDiv(from, kMicrosPerSecond) - 1) * kMicrosPerSecond;
    const Micros nextSecond = (floorDiv(to, kMicrosPerSecond) + 1) * kMicrosPerSecond;
    SqliteStatement q =
        prepare(QStringLiteral("SELECT created_at FROM tracks WHERE created_at >= ?1 AND created_at < ?2"));
    q.bind(1, formatIsoTimestamp(secondBefore)).bind(2, formatIsoTimestamp(nextSecond));
    qint64 count = 0;
    while (q.step()) {
        const Micros created = createdAtOf(q, path());
        count += created >= from && created < to;
    }
    return count;
}

std::vector<TracksCreatedDay> SpatialiteDatabase::tracksPerCreatedDay() {
    // The index in its order, every created_at parsed: a value written with an offset counts on its UTC day.
    SqliteStatement q = prepare(QStringLiteral("SELECT created_at FROM tracks ORDER BY created_at"));
    std::map<Micros, qint64> days;
    while (q.step())
        ++days[floorToStep(createdAtOf(q, path()), kMicrosPerDay)];
    std::vector<TracksCreatedDay> out;
    out.reserve(days.size());
    for (const auto& [day, tracks] : days)
        out.push_back({day, tracks});
    return out;
}

std::vector<qint64> SpatialiteDatabase::deleteTracks(const std::vector<qint64>& ids, Micros cutoff) {
    // The write lock (BEGIN IMMEDIATE) is held: the created_at read here is what the delete removes.
    SqliteStatement created = prepare(QStringLiteral("SELECT created_at FROM tracks WHERE id = ?1"));
    SqliteStatement del = prepare(QStringLiteral("DELETE FROM tracks WHERE id = ?1"));
    std::vector<qint64> deleted;
    for (qint64 id : ids) {
        created.bind(1, id);
        Micros at = 0;
        const bool old = created.step() && tryParseIsoTimestamp(created.text(0), &at) && at < cutoff;
        created.reset();
        if (!old)
            continue;
        del.bind(1, id);
        del.step();
        del.reset();
        deleted.push_back(id);
    }
    return deleted;
}

void SpatialiteDatabase::reclaimSpace(TracksRetentionReport* report, int vacuumPagesPerStep,
                                      TaskFeedback& feedback) {
    checkpointWal();
    report->incrementalVacuum = scalar(QStringLiteral("PRAGMA auto_vacuum")) == 2;
    if (report->incrementalVacuum && !report->cancelled) {
        qint64 previous = -1;
        for (qint64 free = scalar(QStringLiteral("PRAGMA freelist_count")); free > 0 && free != previous;
             free = scalar(QStringLiteral("PRAGMA freelist_count"))) {
            if (!feedback.checkpoint())
                break; // the rest of the free pages are reclaimed by the next run
            previous = free;
            exec(QStringLiteral("PRAGMA incremental_vacuum(%1)").arg(vacuumPagesPerStep));
            checkpointWal();
            ++report->vacuumSteps;
        }
    }
    // Only a checkpoint that finds no reader can truncate the WAL; PASSIVE leaves readers alone.
    exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
}

void SpatialiteDatabase::checkSpatialIndex(TracksRetentionReport* report) {
    SqliteStatement check = prepare(QStringLiteral("SELECT CheckSpatialIndex('tracks', 'geom')"));
    const bool valid = check.step() && !check.isNull(0) && check.toInt64(0) == 1;
    report->spatialIndexRows = scalar(QStringLiteral("SELECT count(*) FROM idx_tracks_geom"));
    report->geometryRows = scalar(QStringLiteral("SELECT count(*) FROM tracks WHERE geom IS NOT NULL"));
    report->spatialIndexValid = valid && report->spatialIndexRows == report->geometryRows;
}

void SpatialiteDatabase::readSizes(TracksHealthReport* report) {
    report->databaseBytes = databaseBytes();
    report->walBytes = walBytes();
}

void SpatialiteDatabase::forEachLine(
    const std::vector<qint64>& ids,
    const std::function<void(qint64 id, const QString& activity, std::vector<LonLat>& points)>& take) {
    std::vector<LonLat> points;
    const auto read = [&](SqliteStatement& q) {
        points.clear();
        if (!readSpatialiteLineString(q.blob(1), &points))
            throw Error(
                Error::Kind::Failed,
                QStringLiteral("%1: track %2 has a geometry that is not a plain SpatiaLite LINESTRING")
                    .arg(path())
                    .arg(q.toInt64(0)));
        take(q.toInt64(0), q.text(2), points);
    };
    if (ids.empty()) {
        SqliteStatement q = prepare(QStringLiteral("SELECT id, geom, activity_type FROM tracks ORDER BY id"));
        while (q.step())
            read(q);
        return;
    }
    SqliteStatement q = prepare(QStringLiteral("SELECT id, geom, activity_type FROM tracks WHERE id = ?1"));
    for (qint64 id : ids) {
        q.bind(1, id);
        if (q.step())
            read(q);
        q.reset();
    }
}

namespace {

// The table of a density layer (every track's overview, or an activity's rows of the per-activity one) and
// the condition on its statement's parameter `parameter` that picks the layer's rows.
QString densityTable(const DensityLayer& layer) {
    return layer ? QStringLiteral("track_density_activity") : QStringLiteral("track_density");
}

QString layerCondition(const DensityLayer& layer, int parameter) {
    return layer ? QStringLiteral(" AND activity = ?%1").arg(parameter) : QString();
}

} // namespace

std::vector<std::pair<DensityTileKey, QByteArray>> SpatialiteDatabase::densityTiles(const DensityLayer& layer,
                                                                                    int zoom, int minX,
                                                                                    int minY, int maxX,
                                                                                    int maxY) {
    SqliteStatement q = prepare(QStringLiteral("SELECT tile_x, tile_y, pixels FROM %1 WHERE zoom = ?1"
                                               " AND tile_x BETWEEN ?2 AND ?3 AND tile_y BETWEEN ?4 AND ?5%2"
                                               " ORDER BY tile_x, tile_y")
                                    .arg(densityTable(layer), layerCondition(layer, 6)));
    q.bind(1, zoom).bind(2, minX).bind(3, maxX).bind(4, minY).bind(5, maxY);
    if (layer)
        q.bind(6, *layer);
    std::vector<std::pair<DensityTileKey, QByteArray>> tiles;
    while (q.step())
        tiles.emplace_back(
            DensityTileKey{zoom, static_cast<int>(q.toInt64(0)), static_cast<int>(q.toInt64(1))}, q.blob(2));
    return tiles;
}

std::vector<std::pair<DensityTileKey, QByteArray>>
SpatialiteDatabase::densityTilesOf(const DensityLayer& layer, const std::vector<DensityTileKey>& keys) {
    // A statement a key: in-process, so no round trip to save.
    SqliteStatementUse use = m_file->cached(
        QStringLiteral("SELECT pixels FROM %1 WHERE zoom = ?1 AND tile_x = ?2 AND tile_y = ?3%2")
            .arg(densityTable(layer), layerCondition(layer, 4)));
    SqliteStatement& q = *use;
    std::vector<std::pair<DensityTileKey, QByteArray>> tiles;
    for (const DensityTileKey& key : keys) {
        q.bind(1, key.zoom).bind(2, key.x).bind(3, key.y);
        if (layer)
            q.bind(4, *layer);
        if (q.step())
            tiles.emplace_back(key, q.blob(0));
        q.reset();
    }
    return tiles;
}

void SpatialiteDatabase::writeDensityTiles(const DensityLayer& layer,
                                           const std::vector<std::pair<DensityTileKey, QByteArray>>& tiles) {
    SqliteStatementUse removeUse =
        m_file->cached(QStringLiteral("DELETE FROM %1 WHERE zoom = ?1 AND tile_x = ?2 AND tile_y = ?3%2")
                           .arg(densityTable(layer), layerCondition(layer, 4)));
    SqliteStatementUse writeUse = m_file->cached(
        layer
            ? QStringLiteral("INSERT OR REPLACE INTO track_density_activity (zoom, tile_x, tile_y, activity,"
                             " pixels) VALUES (?1, ?2, ?3, ?4, ?5)")
            : QStringLiteral("INSERT OR REPLACE INTO track_density (zoom, tile_x, tile_y, pixels)"
                             " VALUES (?1, ?2, ?3, ?5)"));
    SqliteStatement &remove = *removeUse, &write = *writeUse;
    for (const auto& [key, pixels] : tiles) {
        SqliteStatement& q = pixels.isEmpty() ? remove : write;
        q.bind(1, key.zoom).bind(2, key.x).bind(3, key.y);
        if (layer)
            q.bind(4, *layer);
        if (!pixels.isEmpty())
            q.bindBlob(5, pixels);
        q.step();
        q.reset();
    }
}

void SpatialiteDatabase::clearDensity() {
    exec(QStringLiteral("DELETE FROM track_density"));
    exec(QStringLiteral("DELETE FROM track_density_activity"));
}

} // namespace tidemark::tracks
