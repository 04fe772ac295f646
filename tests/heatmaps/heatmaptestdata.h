#pragma once

#include "heatmapcellset.h"
#include "heatmapplane.h"
#include "swathstamper.h"

#include <cmath>
#include <set>
#include <utility>
#include <vector>

namespace tidemark::test {

using positions::HeatmapPlane;
using positions::PositionRow;

// Builds rows on a local plane: positions in metres, converted to lat/lon through the plane's exact inverse.
class PlaneTrackBuilder {
  public:
    PlaneTrackBuilder(HeatmapPlane plane, Micros start) : m_plane(plane), m_t(start) {}

    PositionRow& add(double x, double y, bool bladesOn = true, Micros step = kMicrosPerSecond) {
        if (!m_rows.empty())
            m_t += step;
        const auto [lat, lon] = m_plane.unproject(x, y);
        PositionRow r;
        r.observedAt = m_t;
        r.lat = lat;
        r.lon = lon;
        r.bladesOn = bladesOn;
        r.rtkFix = 2;
        m_rows.push_back(r);
        return m_rows.back();
    }
    void wait(Micros gap) { m_t += gap; }
    Micros time() const { return m_t; }
    std::vector<PositionRow>& rows() { return m_rows; }

  private:
    HeatmapPlane m_plane;
    Micros m_t;
    std::vector<PositionRow> m_rows;
};

// Boustrophedon lanes along x at 0.35 m steps, 1 Hz, `spacing` apart, joined by a sideways step at each end
// (the mower's U-turn), starting at (x0, y0).
inline std::vector<PositionRow> boustrophedon(const HeatmapPlane& plane, Micros start, double x0, double y0,
                                              double length, int lanes, double spacing = 0.22,
                                              double step = 0.35) {
    PlaneTrackBuilder b(plane, start);
    const int steps = int(std::floor(length / step));
    for (int lane = 0; lane < lanes; ++lane) {
        const double y = y0 + lane * spacing;
        for (int s = 0; s <= steps; ++s) {
            const double along = s * step;
            b.add(lane % 2 == 0 ? x0 + along : x0 + steps * step - along, y);
        }
    }
    return b.rows();
}

// The obvious dense implementation of the spec's raster, for comparison: join pairs, then test every cell of
// a dense grid over the whole bounding box against every segment and disc whose box contains it.
class DenseCoverageReference {
  public:
    struct Cell {
        std::int32_t i, j;
        bool operator<(const Cell& o) const { return j != o.j ? j < o.j : i < o.i; }
    };

    template <typename JoinFn>
    static std::vector<Cell> cells(const std::vector<PositionRow>& rows, const HeatmapPlane& plane,
                                   JoinFn joins, double cell, double swath,
                                   std::size_t* denseBytes = nullptr) {
        struct Seg {
            double ax, ay, bx, by;
        };
        std::vector<Seg> shapes;
        std::vector<int> joinedCount(rows.size(), 0);
        for (std::size_t k = 1; k < rows.size(); ++k)
            if (rows[k - 1].bladesOn && rows[k].bladesOn && joins(rows[k - 1], rows[k])) {
                const auto a = plane.project(rows[k - 1].lat, rows[k - 1].lon);
                const auto b = plane.project(rows[k].lat, rows[k].lon);
                shapes.push_back({a.x, a.y, b.x, b.y});
                ++joinedCount[k - 1];
                ++joinedCount[k];
            }
        for (std::size_t k = 0; k < rows.size(); ++k)
            if (rows[k].bladesOn && joinedCount[k] == 0) {
                const auto a = plane.project(rows[k].lat, rows[k].lon);
                shapes.push_back({a.x, a.y, a.x, a.y});
            }
        if (shapes.empty())
            return {};
        const double r = swath / 2;
        double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
        for (const Seg& s : shapes) {
            x0 = std::min({x0, s.ax - r, s.bx - r});
            y0 = std::min({y0, s.ay - r, s.by - r});
            x1 = std::max({x1, s.ax + r, s.bx + r});
            y1 = std::max({y1, s.ay + r, s.by + r});
        }
        const auto iMin = std::int32_t(std::floor(x0 / cell)) - 1,
                   jMin = std::int32_t(std::floor(y0 / cell)) - 1;
        const auto iMax = std::int32_t(std::floor(x1 / cell)) + 1,
                   jMax = std::int32_t(std::floor(y1 / cell)) + 1;
        const std::size_t width = std::size_t(iMax - iMin + 1), height = std::size_t(jMax - jMin + 1);
        std::vector<std::uint8_t> grid(width * height, 0);
        if (denseBytes)
            *denseBytes = grid.size();
        for (const Seg& s : shapes) {
            const auto si0 = std::int32_t(std::floor((std::min(s.ax, s.bx) - r) / cell)) - 1;
            const auto si1 = std::int32_t(std::floor((std::max(s.ax, s.bx) + r) / cell)) + 1;
            const auto sj0 = std::int32_t(std::floor((std::min(s.ay, s.by) - r) / cell)) - 1;
            const auto sj1 = std::int32_t(std::floor((std::max(s.ay, s.by) + r) / cell)) + 1;
            for (std::int32_t j = sj0; j <= sj1; ++j)
                for (std::int32_t i = si0; i <= si1; ++i)
                    if (positions::SwathStamper::withinSwath((i + 0.5) * cell, (j + 0.5) * cell, s.ax, s.ay,
                                                             s.bx, s.by, r * r))
                        grid[std::size_t(j - jMin) * width + std::size_t(i - iMin)] = 1;
        }
        std::vector<Cell> out;
        for (std::size_t y = 0; y < height; ++y)
            for (std::size_t x = 0; x < width; ++x)
                if (grid[y * width + x])
                    out.push_back({std::int32_t(x) + iMin, std::int32_t(y) + jMin});
        return out;
    }
};

} // namespace tidemark::test
