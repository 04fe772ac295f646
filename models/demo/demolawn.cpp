#include "demolawn.h"

#include "demorandom.h"
#include "geodesy.h"

#include <algorithm>
#include <cmath>

namespace tidemark::demo {

namespace {
struct Place {
    const char* name;
    double lat;
    double lon;
};
// Suburbs of eight towns, one lawn each (more mowers reuse them a few kilometres further out).
constexpr Place kPlaces[] = {
    {"Freiburg", 47.98912, 7.83105}, {"Winterthur", 47.50655, 8.74188}, {"Linz", 48.28531, 14.30644},
    {"Utrecht", 52.07802, 5.14471},  {"Aarhus", 56.17911, 10.18275},    {"Brno", 49.21432, 16.58290},
    {"Lyon", 45.77618, 4.86190},     {"Tampere", 61.48213, 23.79502},
};
constexpr int kPlaceCount = sizeof kPlaces / sizeof kPlaces[0];
} // namespace

DemoLawn::DemoLawn(int index, DemoRandom& random) {
    const Place& place = kPlaces[index % kPlaceCount];
    const int ring = index / kPlaceCount;
    m_placeName = ring == 0 ? QString::fromLatin1(place.name)
                            : QStringLiteral("%1 %2").arg(QString::fromLatin1(place.name)).arg(ring + 1);
    m_originLat = place.lat + 0.03 * ring + random.uniform(-0.004, 0.004);
    m_originLon = place.lon + 0.03 * ring + random.uniform(-0.006, 0.006);
    m_rotation = random.uniform(-3.14159, 3.14159);

    const double width = random.uniform(24, 40);  // along the lanes
    const double height = random.uniform(16, 28); // across them
    const double cut = random.uniform(3, 9);      // the cut corner at (width, height)
    constexpr double margin = 0.15;
    for (double v = kLaneSpacing / 2; v < height - kLaneSpacing / 2; v += kLaneSpacing) {
        double maxU = width;
        if (v > height - cut)
            maxU = width - (v - (height - cut));
        m_laneV.push_back(v);
        m_laneMinU.push_back(margin);
        m_laneMaxU.push_back(maxU - margin);
    }
    m_dock = {-1.5, random.uniform(1, height / 2)};
    m_entry = {0.3, m_dock.v};
    m_base = {-random.uniform(5, 12), -random.uniform(3, 10)};
    const int trees = 1 + static_cast<int>(random.range(0, 2));
    for (int i = 0; i < trees; ++i)
        m_trees.push_back({{random.uniform(0.25, 0.75) * width, random.uniform(0.2, 0.8) * height},
                           random.uniform(2.5, 4.5)});
    m_mobilePhaseU = random.uniform(0, 6.28);
    m_mobilePhaseV = random.uniform(0, 6.28);
    m_mobileBase = random.uniform(-82, -68);
}

bool DemoLawn::underTree(LawnPoint p) const {
    return std::any_of(m_trees.begin(), m_trees.end(), [&](const Tree& t) {
        return std::hypot(p.u - t.centre.u, p.v - t.centre.v) < t.radius;
    });
}

int DemoLawn::wifiRssi(LawnPoint p, double noise) const {
    const double d = std::max(1.0, std::hypot(p.u - m_base.u, p.v - m_base.v));
    const double rssi = -32 - 26 * std::log10(d) + noise;
    return rssi < -88 ? 0 : static_cast<int>(std::lround(std::min(-25.0, rssi)));
}

int DemoLawn::mobileRssi(LawnPoint p, double noise) const {
    const double field = 9 * std::sin(0.17 * p.u + m_mobilePhaseU) * std::cos(0.23 * p.v + m_mobilePhaseV);
    return static_cast<int>(std::lround(std::clamp(m_mobileBase + field + noise, -113.0, -51.0)));
}

void DemoLawn::toLatLon(LawnPoint p, double* lat, double* lon) const {
    const double east = p.u * std::cos(m_rotation) - p.v * std::sin(m_rotation);
    const double north = p.u * std::sin(m_rotation) + p.v * std::cos(m_rotation);
    using namespace positions;
    *lat = m_originLat + north / kEarthRadiusMetres / kRadiansPerDegree;
    *lon = m_originLon +
           east / (kEarthRadiusMetres * std::cos(m_originLat * kRadiansPerDegree)) / kRadiansPerDegree;
}

} // namespace tidemark::demo
