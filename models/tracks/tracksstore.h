#pragma once

#include <QMap>
#include <QString>
#include <QStringList>
#include <vector>

namespace tidemark::tracks {

class SpatialiteDatabase;

struct TracksExtent {
    qint64 tracks = 0;
    double minLon = 0, minLat = 0, maxLon = 0, maxLat = 0; // meaningful when tracks > 0
};

// Read queries over a migrated tracks file: counts, the extent, and the bounding-box query (R-tree prefetch
// through SpatiaLite's SpatialIndex, activity and source filters applied in C++).
class TracksStore {
  public:
    explicit TracksStore(SpatialiteDatabase& db);

    qint64 count();
    TracksExtent extent();
    QMap<QString, qint64> countBySource(); // a track counts once for each of its sources
    QMap<QString, qint64> countByActivity();
    qint64 pipelineRunCount();
    // Ids of the tracks whose bounding box meets the box, optionally only of these activities / sources.
    std::vector<qint64> idsInBox(double minLon, double minLat, double maxLon, double maxLat,
                                 const QStringList& activities = {}, const QStringList& sources = {});

  private:
    SpatialiteDatabase& m_db;
};

} // namespace tidemark::tracks
