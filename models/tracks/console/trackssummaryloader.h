#pragma once

#include "trackssummary.h"

#include <QString>
#include <vector>

namespace tidemark {
class SqliteFile;
} // namespace tidemark

namespace tidemark::tracks {

class TracksDatabase;

// Reads the track counts and extents of a tracks store from the bounding-box columns (of a file, no
// SpatiaLite needed for that); the first row is the total. The one reader of them: TracksViewLoader reads
// them with a file's facts for TracksDataset (whose summary() the dock and the workbench show); load() opens
// its own read-only connection on the calling thread (changing nothing, also in a file that is not a tracks
// file).
class TracksSummaryLoader {
  public:
    explicit TracksSummaryLoader(QString path);

    // Throws tidemark::Error: Connection for a missing or unreadable file, Schema without the tracks table.
    std::vector<TracksSummary> load() const;
    // The same on an open tracks store, file or PostGIS.
    static std::vector<TracksSummary> summarize(TracksDatabase& db);
    // The rows per activity of a tracks file (the tracks table is there), most tracks first.
    static std::vector<TracksSummary> byActivity(SqliteFile& db);
    // The total (first), then `rows`.
    static std::vector<TracksSummary> withTotal(std::vector<TracksSummary> rows);

  private:
    QString m_path;
};

} // namespace tidemark::tracks
