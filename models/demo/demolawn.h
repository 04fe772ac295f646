#pragma once

#include <QString>
#include <vector>

namespace tidemark::demo {

class DemoRandom;

// A point in a lawn's own frame, metres: u along the lanes, v across them.
struct LawnPoint {
    double u = 0;
    double v = 0;
};

// One mower's garden: a convex lawn (a rectangle tens of metres across with one corner cut), rotated and
// placed at a town, its dock and Wi-Fi base station outside the lawn, trees that spoil the RTK fix, and the
// boustrophedon lanes (0.22 m apart) the mower drives.
class DemoLawn {
  public:
    static constexpr double kLaneSpacing = 0.22;

    DemoLawn(int index, DemoRandom& random);

    int laneCount() const { return static_cast<int>(m_laneV.size()); }
    double laneV(int lane) const { return m_laneV[lane]; }
    double laneStartU(int lane) const { return m_laneMinU[lane]; }
    double laneEndU(int lane) const { return m_laneMaxU[lane]; }

    LawnPoint dock() const { return m_dock; }
    LawnPoint entry() const { return m_entry; }      // where the drive from the dock meets the lawn
    bool underTree(LawnPoint p) const;               // RTK float there
    int wifiRssi(LawnPoint p, double noise) const;   // dBm; below -88 means no Wi-Fi (returned as 0)
    int mobileRssi(LawnPoint p, double noise) const; // dBm

    // To WGS84 degrees.
    void toLatLon(LawnPoint p, double* lat, double* lon) const;
    QString placeName() const { return m_placeName; }

  private:
    double m_originLat = 0;
    double m_originLon = 0;
    double m_rotation = 0; // radians, lane axis counter-clockwise from east
    QString m_placeName;
    std::vector<double> m_laneV, m_laneMinU, m_laneMaxU;
    LawnPoint m_dock, m_entry, m_base;
    struct Tree {
        LawnPoint centre;
        double radius;
    };
    std::vector<Tree> m_trees;
    double m_mobilePhaseU = 0, m_mobilePhaseV = 0, m_mobileBase = -75;
};

} // namespace tidemark::demo
