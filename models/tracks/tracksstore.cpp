#include "tracksstore.h"

#include "spatialitedatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cstring>

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
        for (const QJsonValue& v : QJsonDocument::fromJson(q.text(0).toUtf8()).array())
            counts[v.toString()] += 1;
    return counts;
}

QMap<QString, qint64> TracksStore::countByActivity() {
    QMap<QString, qint64> counts;
    SqliteStatement q =
        m_db.prepare(QStringLiteral("SELECT activity_type, count(*) FROM tracks GROUP BY activity_type"));
    while (q.step())
        counts[q.text(0)] = q.toInt64(1);
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
    for (const TrackSummary& t : tracksInBox(query).tracks)
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

QStringList jsonStrings(const QString& json) {
    QStringList list;
    for (const QJsonValue& v : QJsonDocument::fromJson(json.toUtf8()).array())
        list << v.toString();
    return list;
}

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
        QStringList sources = jsonStrings(q.text(sourcesColumn));
        if (!query.sources.isEmpty() && !hasAnySource(sources, query.sources))
            continue;
        const qint64 index = matching++;
        if (index < query.offset || (query.limit >= 0 && index >= query.offset + query.limit))
            continue;
        take(q, std::move(sources));
    }
    return matching;
}

// A little-endian or big-endian WKB LINESTRING (2D) as ST_AsBinary writes it.
std::vector<LonLat> lineStringFromWkb(const QByteArray& wkb) {
    std::vector<LonLat> points;
    if (wkb.size() < 9)
        return points;
    const bool little = wkb[0] == 1;
    const auto u32 = [&](qsizetype at) {
        quint32 v = 0;
        for (int i = 0; i < 4; ++i)
            v |= static_cast<quint32>(static_cast<quint8>(wkb[at + (little ? i : 3 - i)])) << (8 * i);
        return v;
    };
    const auto f64 = [&](qsizetype at) {
        quint64 v = 0;
        for (int i = 0; i < 8; ++i)
            v |= static_cast<quint64>(static_cast<quint8>(wkb[at + (little ? i : 7 - i)])) << (8 * i);
        double d;
        std::memcpy(&d, &v, sizeof d);
        return d;
    };
    if (u32(1) != 2) // wkbLineString
        return points;
    const quint32 n = u32(5);
    if (wkb.size() < 9 + static_cast<qsizetype>(n) * 16)
        return points;
    points.reserve(n);
    for (quint32 i = 0; i < n; ++i)
        points.push_back({f64(9 + i * 16), f64(17 + i * 16)});
    return points;
}
} // namespace

TracksPage TracksStore::tracksInBox(const TracksQuery& query) {
    TracksPage page;
    page.matching =
        forEachInPage(m_db, query, kSummaryColumns, 3, [&](SqliteStatement& q, QStringList sources) {
            TrackSummary t;
            t.id = q.toInt64(0);
            t.name = q.text(1);
            t.activity = q.text(2);
            t.sources = std::move(sources);
            t.externalUrls = jsonStrings(q.text(4));
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
    forEachInPage(m_db, query, QStringLiteral("id, activity_type, sources_json, AsBinary(geom)"), 2,
                  [&](SqliteStatement& q, QStringList sources) {
                      SimplifiedTrack t;
                      t.id = q.toInt64(0);
                      t.activity = q.text(1);
                      t.sources = std::move(sources);
                      const std::vector<LonLat> points = lineStringFromWkb(q.blob(3));
                      t.storedPoints = static_cast<qint64>(points.size());
                      t.points = simplifier.simplify(points);
                      out.push_back(std::move(t));
                  });
    return out;
}

} // namespace tidemark::tracks
