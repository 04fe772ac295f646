#pragma once

#include <QString>
#include <vector>

namespace tidemark {
class SqliteFile;
} // namespace tidemark

namespace tidemark::tracks {

// Tracks of one activity type (or all of them): how many, how long, and the extent they cover.
struct TracksSummary {
    QString activityType; // empty for the "all tracks" row
    qint64 tracks = 0;
    double lengthMetres = 0;
    double minLon = 0, minLat = 0, maxLon = 0, maxLat = 0; // meaningful when tracks > 0
};

// Reads the track counts and extents of a gps_tracks.sqlite file from the bounding-box columns (no SpatiaLite
// needed for that); the first row is the total. The one reader of them: TracksViewLoader reads them with a
// file's facts for TracksDataset (whose summary() the dock and the workbench show); load() opens its own
// read-only connection on the calling thread (changing nothing, also in a file that is not a tracks file).
class TracksSummaryLoader {
  public:
    explicit TracksSummaryLoader(QString path);

    // Throws tidemark::Error: Connection for a missing or unreadable file, Schema without the tracks table.
    std::vector<TracksSummary> load() const;
    // The same on an open tracks file (the tracks table is there).
    static std::vector<TracksSummary> summarize(SqliteFile& db);

  private:
    QString m_path;
};

} // namespace tidemark::tracks
