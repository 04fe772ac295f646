#include "tracksstore.h"

#include "spatialitedatabase.h"

#include <QJsonArray>
#include <QJsonDocument>

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
    SqliteStatement q = m_db.prepare(QStringLiteral(
        "SELECT id, activity_type, sources_json FROM tracks WHERE ROWID IN (SELECT ROWID FROM SpatialIndex"
        " WHERE f_table_name = 'tracks' AND f_geometry_column = 'geom' AND search_frame = BuildMbr(?, ?, ?, "
        "?, 4326))"
        " AND max_lon >= ? AND min_lon <= ? AND max_lat >= ? AND min_lat <= ? ORDER BY id"));
    q.bind(1, minLon).bind(2, minLat).bind(3, maxLon).bind(4, maxLat);
    q.bind(5, minLon).bind(6, maxLon).bind(7, minLat).bind(8, maxLat);
    std::vector<qint64> ids;
    while (q.step()) {
        if (!activities.isEmpty() && !activities.contains(q.text(1)))
            continue;
        if (!sources.isEmpty()) {
            bool any = false;
            for (const QJsonValue& v : QJsonDocument::fromJson(q.text(2).toUtf8()).array())
                any = any || sources.contains(v.toString());
            if (!any)
                continue;
        }
        ids.push_back(q.toInt64(0));
    }
    return ids;
}

} // namespace tidemark::tracks
