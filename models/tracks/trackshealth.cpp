#include "trackshealth.h"

#include "tracksdatabase.h"

namespace tidemark::tracks {

TracksHealth::TracksHealth(TracksDatabase& db) : m_db(db) {}

TracksHealthReport TracksHealth::read(qint64 warnAboveBytes, int lastRuns) {
    TracksHealthReport report;
    report.warnAboveBytes = warnAboveBytes;
    report.postgis = m_db.isPostgis();
    report.tracks = m_db.trackCount();
    m_db.readSizes(&report);
    report.lastRuns = m_db.lastPipelineRuns(lastRuns);
    return report;
}

} // namespace tidemark::tracks
