#include "trackssummaryloader.h"

#include "error.h"
#include "sqlitefile.h"
#include "tracksdatabase.h"

#include <QFileInfo>
#include <algorithm>

namespace tidemark::tracks {

TracksSummaryLoader::TracksSummaryLoader(QString path) : m_path(std::move(path)) {}

std::vector<TracksSummary> TracksSummaryLoader::load() const {
    if (!QFileInfo(m_path).isFile())
        throw Error(Error::Kind::Connection, QStringLiteral("tracks file not found: %1").arg(m_path));
    SqliteFile db(m_path, SqliteFile::Mode::ReadOnly); // creates nothing, also beside a WAL-mode file
    if (!db.hasTable(QStringLiteral("tracks")))
        throw Error(
            Error::Kind::Schema,
            QStringLiteral("%1 has no tracks table; run: tidemark-cli tracks init --sqlite %1").arg(m_path));
    return withTotal(byActivity(db));
}

std::vector<TracksSummary> TracksSummaryLoader::summarize(TracksDatabase& db) {
    return withTotal(db.summariesByActivity());
}

std::vector<TracksSummary> TracksSummaryLoader::byActivity(SqliteFile& db) {
    SqliteStatement statement = db.prepare(
        QStringLiteral("SELECT activity_type, count(*), total(length_m), min(min_lon), min(min_lat),"
                       " max(max_lon), max(max_lat) FROM tracks GROUP BY activity_type ORDER BY count(*) "
                       "DESC, activity_type"));
    std::vector<TracksSummary> rows;
    while (statement.step()) {
        TracksSummary summary;
        summary.activityType = statement.text(0);
        summary.tracks = statement.toInt64(1);
        summary.lengthMetres = statement.toDouble(2);
        summary.minLon = statement.toDouble(3);
        summary.minLat = statement.toDouble(4);
        summary.maxLon = statement.toDouble(5);
        summary.maxLat = statement.toDouble(6);
        rows.push_back(std::move(summary));
    }
    return rows;
}

std::vector<TracksSummary> TracksSummaryLoader::withTotal(std::vector<TracksSummary> rows) {
    TracksSummary total;
    for (const TracksSummary& summary : rows) {
        if (total.tracks == 0) {
            total.minLon = summary.minLon;
            total.minLat = summary.minLat;
            total.maxLon = summary.maxLon;
            total.maxLat = summary.maxLat;
        } else {
            total.minLon = std::min(total.minLon, summary.minLon);
            total.minLat = std::min(total.minLat, summary.minLat);
            total.maxLon = std::max(total.maxLon, summary.maxLon);
            total.maxLat = std::max(total.maxLat, summary.maxLat);
        }
        total.tracks += summary.tracks;
        total.lengthMetres += summary.lengthMetres;
    }
    rows.insert(rows.begin(), total); // the total comes first
    return rows;
}

} // namespace tidemark::tracks
