#pragma once

#include "archivereadlimits.h"
#include "kudossettings.h"
#include "positionsettings.h"
#include "trackssettings.h"

#include <QString>

namespace tidemark {

// Every setting Tidemark reads, as values: app/ reads and validates them once at start (AppSettings) and
// hands them to the CLI's commands and the console's workspace, which pass them on to datasets and jobs.
struct WorkspaceSettings {
    positions::PositionSettings positions;
    kudos::KudosSettings kudos;
    archive::ArchiveReadLimits archiveLimits;
    tracks::TracksSettings tracks; // GPS_TRACKS_RETENTION_YEARS, GPS_SOURCES_CONFIG and the sources it names
    QString archiveUrl;            // TIDEMARK_ARCHIVE_URL
    QString tracksPath;            // GPS_TRACKS_DB_PATH
    QString tracksConninfo;        // GPS_TRACKS_DB_CONNINFO (a PostGIS tracks store)
    QString tilesUrl;              // TIDEMARK_TILES_URL
    QString metricsFile;           // TIDEMARK_METRICS_FILE
    QString demoDir;               // TIDEMARK_DEMO_DIR
};

} // namespace tidemark
