#pragma once

#include "geodesy.h"
#include "positionrow.h"

#include <cmath>
#include <span>

namespace tidemark::positions {

struct PlanePoint {
    double x = 0; // metres east of the origin
    double y = 0; // metres north of the origin
};

// The spec's local plane of a heatmap: x = R·(λ − λ0)·cos((φ + φ0)/2), y = R·(φ − φ0), with the origin at the
// south-west corner of the bounding box of the raw rows of the range (both sides of the coverage check use
// the same origin so that their cells line up).
class HeatmapPlane {
  public:
    HeatmapPlane() = default;
    HeatmapPlane(double originLat, double originLon) : m_lat0(originLat), m_lon0(originLon) {}

    static HeatmapPlane southWestOf(std::span<const PositionRow> rows) {
        if (rows.empty())
            return {};
        double lat = rows.front().lat, lon = rows.front().lon;
        for (const PositionRow& r : rows) {
            lat = std::min(lat, r.lat);
            lon = std::min(lon, r.lon);
        }
        return {lat, lon};
    }

    double originLat() const { return m_lat0; }
    double originLon() const { return m_lon0; }

    PlanePoint project(double lat, double lon) const {
        const double phi = lat * kRadiansPerDegree;
        const double phi0 = m_lat0 * kRadiansPerDegree;
        return {kEarthRadiusMetres * (lon * kRadiansPerDegree - m_lon0 * kRadiansPerDegree) *
                    std::cos((phi + phi0) / 2),
                kEarthRadiusMetres * (phi - phi0)};
    }

    // The exact inverse of project(): lat from y, then lon from x at that latitude. Returns {lat, lon}.
    std::pair<double, double> unproject(double x, double y) const {
        const double phi0 = m_lat0 * kRadiansPerDegree;
        const double phi = phi0 + y / kEarthRadiusMetres;
        const double lambda =
            m_lon0 * kRadiansPerDegree + x / (kEarthRadiusMetres * std::cos((phi + phi0) / 2));
        return {phi / kRadiansPerDegree, lambda / kRadiansPerDegree};
    }

  private:
    double m_lat0 = 0;
    double m_lon0 = 0;
};

} // namespace tidemark::positions
