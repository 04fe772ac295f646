#pragma once

#include <QString>

namespace tidemark::tracks {

// Tracks of one activity type (or all of them): how many, how long, and the extent they cover.
struct TracksSummary {
    QString activityType; // empty for the "all tracks" row
    qint64 tracks = 0;
    double lengthMetres = 0;
    double minLon = 0, minLat = 0, maxLon = 0, maxLat = 0; // meaningful when tracks > 0
};

} // namespace tidemark::tracks
