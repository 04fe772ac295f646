#include "tracksstore.h"

#include "spatialitedatabase.h"
#include "trackcolumns.h"

#include <algorithm>
#include <memory>

namespace tidemark::tracks {

TracksStore::TracksStore(SpatialiteDatabase& db) : m_db(db) {}

qint64 TracksStore::count() {
    return m_db.scalar(QStringLiteral("SELECT count(*) FROM tracks"));
}

TracksExtent TracksStore::extent() {
    SqliteStatement q = m_db.prepare(QStringLiteral(
        "SELECT count(*), min(min_lon), min(min_lat), max(max_lon), max(max_lat) FROM tracks"));
    TracksExtent e;
    if (q.step() && q.toInt64(0) > 0)
        e = {q.toInt64(0), q.toDouble(1), q.toDouble(2), q.toDouble(3), q.toDouble(4)};
    return e;
}

QMap<QString, qint64> TracksStore::countBySource() {
    QMap<QString, qint64> counts;
    SqliteStatement q = m_db.prepare(QStringLiteral("SELECT sources_json FROM tracks"));
    while (q.step())
        for (const QString& source : fromJsonArray(q.text(0)))
            counts[source] += 1;
    return counts;
}

qint64 TracksStore::pipelineRunCount() {
    return m_db.scalar(QStringLiteral("SELECT count(*) FROM pipeline_runs"));
}

std::vector<qint64> TracksStore::idsInBox(double minLon, double minLat, double maxLon, double maxLat,
                                          const QStringList& activities, const QStringList& sources) {
    TracksQuery query;
    query.box = {minLon, minLat, maxLon, maxLat};
    query.activities = activities;
    query.sources = sources;
    std::vector<qint64> ids;
    for (const TrackRow& t : tracksInBox(query).tracks)
        ids.push_back(t.id);
    return ids;
}

QString TracksStore::prefetchSql(const TracksQuery& query, const QString& columns) {
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
    const char* column = "id";
    switch (query.order) {
    case TracksQuery::Order::Id:
        break;
    case TracksQuery::Order::Name:
        column = "name COLLATE NOCASE";
        break;
    case TracksQuery::Order::Activity:
        column = "activity_type";
        break;
    case TracksQuery::Order::Length:
        column = "length_m";
        break;
    case TracksQuery::Order::Points:
        column = "points_count";
        break;
    case TracksQuery::Order::StartedAt:
        column = "started_at";
        break;
    case TracksQuery::Order::CreatedAt:
        column = "created_at";
        break;
    }
    const QString direction = query.descending ? QStringLiteral(" DESC") : QString();
    sql += QStringLiteral(" ORDER BY %1%2").arg(QLatin1String(column), direction);
    if (query.order != TracksQuery::Order::Id)
        sql += QStringLiteral(", id%1").arg(direction);
    return sql;
}

namespace {
const QString kSummaryColumns = QStringLiteral(
    "id, name, activity_type, sources_json, external_urls_json, points_count, length_m, min_lon, min_lat,"
    " max_lon, max_lat, started_at, created_at");

bool hasAnySource(const QStringList& trackSources, const QStringList& wanted) {
    return std::any_of(trackSources.begin(), trackSources.end(),
                       [&](const QString& s) { return wanted.contains(s); });
}

// Runs the prefetch and calls `take` for each row that passes the source filter and lies in the page.
template <typename Take>
qint64 forEachInPage(SpatialiteDatabase& db, const TracksQuery& query, const QString& columns,
                     int sourcesColumn, Take take) {
    SqliteStatement q = db.prepare(TracksStore::prefetchSql(query, columns));
    q.bind(1, query.box.minLon).bind(2, query.box.minLat).bind(3, query.box.maxLon).bind(4, query.box.maxLat);
    for (int i = 0; i < query.activities.size(); ++i)
        q.bind(5 + i, query.activities[i]);
    qint64 matching = 0;
    while (q.step()) {
        QStringList sources = fromJsonArray(q.text(sourcesColumn));
        if (!query.sources.isEmpty() && !hasAnySource(sources, query.sources))
            continue;
        const qint64 index = matching++;
        if (index < query.offset || (query.limit >= 0 && index >= query.offset + query.limit))
            continue;
        take(q, std::move(sources));
    }
    return matching;
}

} // namespace

TracksPage TracksStore::tracksInBox(const TracksQuery& query) {
    TracksPage page;
    page.matching =
        forEachInPage(m_db, query, kSummaryColumns, 3, [&](SqliteStatement& q, QStringList sources) {
            TrackRow t;
            t.id = q.toInt64(0);
            t.name = q.text(1);
            t.activity = q.text(2);
            t.sources = std::move(sources);
            t.externalUrls = fromJsonArray(q.text(4));
            t.pointsCount = q.toInt64(5);
            t.lengthMetres = q.toDouble(6);
            t.bbox = {q.toDouble(7), q.toDouble(8), q.toDouble(9), q.toDouble(10)};
            t.startedAt = q.text(11);
            t.createdAt = q.text(12);
            page.tracks.push_back(std::move(t));
        });
    return page;
}

std::vector<SimplifiedTrack> TracksStore::simplifiedInBox(const TracksQuery& query, int zoom,
                                                          double tolerancePixels) {
    const TrackSimplifier simplifier(zoom, tolerancePixels);
    std::vector<SimplifiedTrack> out;
    std::unique_ptr<SqliteStatement> asWkb; // for geometries stored in another form (e.g. compressed)
    forEachInPage(m_db, query, QStringLiteral("id, activity_type, sources_json, geom"), 2,
                  [&](SqliteStatement& q, QStringList sources) {
                      SimplifiedTrack t;
                      t.id = q.toInt64(0);
                      t.activity = q.text(1);
                      t.sources = std::move(sources);
                      std::vector<LonLat> points;
                      if (!readSpatialiteLineString(q.blob(3), &points)) {
                          points.clear();
                          if (!asWkb)
                              asWkb = std::make_unique<SqliteStatement>(m_db.prepare(
                                  QStringLiteral("SELECT AsBinary(geom) FROM tracks WHERE id = ?1")));
                          asWkb->bind(1, t.id);
                          if (asWkb->step())
                              points = readWkbLineString(asWkb->blob(0));
                          asWkb->reset();
                      }
                      t.storedPoints = static_cast<qint64>(points.size());
                      t.points = simplifier.simplify(points);
                      out.push_back(std::move(t));
                  });
    return out;
}

} // namespace tidemark::tracks
