#pragma once

#include "coveragejoin.h"
#include "heatmapcellset.h"
#include "heatmapplane.h"

#include <span>

namespace tidemark::positions {

// The coverage layer of one mower's rows (time order, already cut to the range): blades-on rows joined into
// swath segments by `join`, blades-on rows joined to neither neighbour as discs, stamped at `cellMetres` with
// half the swath as radius on `plane`. Pure: no clock, no database.
class CoverageLayer {
  public:
    struct Stats {
        std::int64_t bladesOnRows = 0;
        std::int64_t segments = 0;
        std::int64_t discs = 0;
    };

    static CoverageLayer build(std::span<const PositionRow> rows, const HeatmapPlane& plane,
                               const CoverageJoin& join, double cellMetres, double swathMetres);

    const HeatmapCellSet& cells() const { return m_cells; }
    HeatmapCellSet takeCells() { return std::move(m_cells); }
    const Stats& stats() const { return m_stats; }
    double cellMetres() const { return m_cellMetres; }
    double areaSquareMetres() const { return double(m_cells.count()) * m_cellMetres * m_cellMetres; }

  private:
    HeatmapCellSet m_cells;
    Stats m_stats;
    double m_cellMetres = 0;
};

} // namespace tidemark::positions
