#include "tracksstore.h"

#include "spatialitedatabase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cstring>
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

// Reads `count` XY points at `at` of a WKB or SpatiaLite blob in its byte order; false when it is too short.
bool readPoints(const QByteArray& bytes, qsizetype at, quint32 count, bool little,
                std::vector<LonLat>* points) {
    if (bytes.size() < at + static_cast<qsizetype>(count) * 16)
        return false;
    const auto f64 = [&](qsizetype from) {
        quint64 v = 0;
        for (int i = 0; i < 8; ++i)
            v |= static_cast<quint64>(static_cast<quint8>(bytes[from + (little ? i : 7 - i)])) << (8 * i);
        double d;
        std::memcpy(&d, &v, sizeof d);
        return d;
    };
    points->reserve(count);
    for (quint32 i = 0; i < count; ++i)
        points->push_back({f64(at + i * 16), f64(at + i * 16 + 8)});
    return true;
}

quint32 readU32(const QByteArray& bytes, qsizetype at, bool little) {
    quint32 v = 0;
    for (int i = 0; i < 4; ++i)
        v |= static_cast<quint32>(static_cast<quint8>(bytes[at + (little ? i : 3 - i)])) << (8 * i);
    return v;
}

// SpatiaLite's own blob of an uncompressed 2D LINESTRING (start 0x00, byte order, SRID, MBR, 0x7C, class 2,
// the point count, the points, 0xFE): read directly, which saves converting every geometry to WKB.
bool lineStringFromSpatialiteBlob(const QByteArray& blob, std::vector<LonLat>* points) {
    if (blob.size() < 48 || blob[0] != 0 || static_cast<quint8>(blob[38]) != 0x7C)
        return false;
    const bool little = blob[1] == 1;
    if (readU32(blob, 39, little) != 2)
        return false;
    return readPoints(blob, 47, readU32(blob, 43, little), little, points);
}

// A WKB LINESTRING (2D) as ST_AsBinary writes it.
std::vector<LonLat> lineStringFromWkb(const QByteArray& wkb) {
    std::vector<LonLat> points;
    if (wkb.size() < 9)
        return points;
    const bool little = wkb[0] == 1;
    if (readU32(wkb, 1, little) != 2) // wkbLineString
        return points;
    readPoints(wkb, 9, readU32(wkb, 5, little), little, &points);
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
    std::unique_ptr<SqliteStatement> asWkb; // for geometries stored in another form (e.g. compressed)
    forEachInPage(m_db, query, QStringLiteral("id, activity_type, sources_json, geom"), 2,
                  [&](SqliteStatement& q, QStringList sources) {
                      SimplifiedTrack t;
                      t.id = q.toInt64(0);
                      t.activity = q.text(1);
                      t.sources = std::move(sources);
                      std::vector<LonLat> points;
                      if (!lineStringFromSpatialiteBlob(q.blob(3), &points)) {
                          points.clear();
                          if (!asWkb)
                              asWkb = std::make_unique<SqliteStatement>(m_db.prepare(
                                  QStringLiteral("SELECT AsBinary(geom) FROM tracks WHERE id = ?1")));
                          asWkb->bind(1, t.id);
                          if (asWkb->step())
                              points = lineStringFromWkb(asWkb->blob(0));
                          asWkb->reset();
                      }
                      t.storedPoints = static_cast<qint64>(points.size());
                      t.points = simplifier.simplify(points);
                      out.push_back(std::move(t));
                  });
    return out;
}

} // namespace tidemark::tracks
