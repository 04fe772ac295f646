#pragma once

#include "heatmapcellset.h"

#include <cmath>

namespace tidemark::positions {

// Stamps swath capsules (a segment widened by r on all sides) and discs into a cell set. A cell (i, j) of
// size c is covered when its centre ((i + ½)c, (j + ½)c) lies within r of the segment, `withinSwath` below
// being the one definition. The stamper walks the rows of a capsule's bounding box, computes the capsule's
// chord on the row of centres and writes it as one run; the two end cells of every run are re-checked with
// withinSwath, so the raster equals a cell-by-cell evaluation of the definition.
class SwathStamper {
  public:
    SwathStamper(HeatmapCellSet& cells, double cellMetres, double radiusMetres)
        : m_cells(cells), m_cell(cellMetres), m_radius(radiusMetres), m_radius2(radiusMetres * radiusMetres) {
    }

    // Squared distance from p to the segment a–b (a point when a = b) compared with r².
    static bool withinSwath(double px, double py, double ax, double ay, double bx, double by,
                            double radius2) {
        const double sx = bx - ax, sy = by - ay;
        const double qx = px - ax, qy = py - ay;
        const double len2 = sx * sx + sy * sy;
        double t = len2 > 0 ? (qx * sx + qy * sy) / len2 : 0.0;
        t = t < 0 ? 0 : (t > 1 ? 1 : t);
        const double dx = qx - t * sx, dy = qy - t * sy;
        return dx * dx + dy * dy <= radius2;
    }

    void stampSegment(double ax, double ay, double bx, double by);
    void stampDisc(double x, double y) { stampSegment(x, y, x, y); }

    double cellMetres() const { return m_cell; }
    double radiusMetres() const { return m_radius; }

  private:
    bool covers(std::int32_t i, std::int32_t j, double ax, double ay, double bx, double by) const {
        return withinSwath((i + 0.5) * m_cell, (j + 0.5) * m_cell, ax, ay, bx, by, m_radius2);
    }

    HeatmapCellSet& m_cells;
    double m_cell;
    double m_radius;
    double m_radius2;
};

} // namespace tidemark::positions
