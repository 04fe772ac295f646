#include "trackshealth.h"

#include "spatialitedatabase.h"

namespace tidemark::tracks {

TracksHealth::TracksHealth(SpatialiteDatabase& db) : m_db(db) {}

TracksHealthReport TracksHealth::read(qint64 warnAboveBytes, int lastRuns) {
    TracksHealthReport report;
    report.warnAboveBytes = warnAboveBytes;
    report.tracks = m_db.scalar(QStringLiteral("SELECT count(*) FROM tracks"));
    report.databaseBytes = m_db.databaseBytes();
    report.walBytes = m_db.walBytes();
    SqliteStatement q = m_db.prepare(QStringLiteral(
        "SELECT id, region, source, started_at, finished_at, status, tracks_added, tracks_merged,"
        " error FROM pipeline_runs ORDER BY id DESC LIMIT ?1"));
    q.bind(1, lastRuns);
    while (q.step())
        report.lastRuns.push_back({q.toInt64(0), q.text(1), q.text(2), q.text(3), q.text(4), q.text(5),
                                   q.text(8), q.toInt64(6), q.toInt64(7)});
    return report;
}

} // namespace tidemark::tracks
