#pragma once

#include <vector>

namespace tidemark::tracks {

struct LonLat {
    double lon = 0;
    double lat = 0;
};

// Douglas-Peucker in Web Mercator pixels (WebMercator::toWorld) at one zoom level (256-pixel tiles, zoom 0 =
// one tile for the world): a point is kept when it lies more than `tolerancePixels` from the segment between
// the points kept around it. The first and last points are always kept; latitudes are clamped to +-85.0511
// degrees.
class TrackSimplifier {
  public:
    TrackSimplifier(int zoom, double tolerancePixels);

    // Indices of the kept points, ascending.
    std::vector<int> keptIndices(const std::vector<LonLat>& points) const;
    std::vector<LonLat> simplify(const std::vector<LonLat>& points) const;

  private:
    int m_zoom;
    double m_tolerance;
};

} // namespace tidemark::tracks
