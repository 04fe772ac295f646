#include "trackshealth.h"

#include "trackimporter.h"
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
    // No live import's row is ever committed as "running" (it commits with its batch): such a row is an
    // older Tidemark's import that died, and reads as the failure the next import records it as.
    for (PipelineRun& run : report.lastRuns)
        if (run.status == QLatin1String("running")) {
            run.status = QStringLiteral("failed");
            run.error = TrackImporter::kAbandonedRunError;
        }
    return report;
}

} // namespace tidemark::tracks
