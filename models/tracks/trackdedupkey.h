#pragma once

#include "importedtrack.h"

#include <QByteArray>
#include <QString>

namespace tidemark::tracks {

// The merge key of duplicates (spec/tracks.md): SHA-256, hex, of the points in their direction of travel
// after dropping each point closer than 5 m to the last point kept, each rounded to 1e-4 degrees. The hashed
// text is one "lat,lon\n" line per point with four decimals, e.g. "55.7512,37.6184\n".
class TrackDedupKey {
  public:
    static constexpr double kMinStepMetres = 5.0;
    static QString of(const std::vector<TrackPoint>& points);
    // The same, and the line's length: the sum of haversineMetres over consecutive points, in order (one
    // pass, which reuses each distance the key's step rule has already computed).
    static QString of(const std::vector<TrackPoint>& points, double* lengthMetres);
    static QByteArray normalisedText(const std::vector<TrackPoint>& points, double* lengthMetres = nullptr);
    static double haversineMetres(const TrackPoint& a, const TrackPoint& b);
};

} // namespace tidemark::tracks
