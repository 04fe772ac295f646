#include "coveragelayer.h"

#include "swathstamper.h"

namespace tidemark::positions {

CoverageLayer CoverageLayer::build(std::span<const PositionRow> rows, const HeatmapPlane& plane,
                                   const CoverageJoin& join, double cellMetres, double swathMetres) {
    CoverageLayer layer;
    layer.m_cellMetres = cellMetres;
    SwathStamper stamper(layer.m_cells, cellMetres, swathMetres / 2);

    // The previous blades-on row of an unbroken blades-on run, and whether it was joined to its predecessor.
    const PositionRow* prev = nullptr;
    PlanePoint prevPoint;
    bool prevJoinedBack = false;
    for (const PositionRow& row : rows) {
        if (!row.bladesOn) {
            if (prev && !prevJoinedBack) {
                stamper.stampDisc(prevPoint.x, prevPoint.y);
                ++layer.m_stats.discs;
            }
            prev = nullptr;
            continue;
        }
        ++layer.m_stats.bladesOnRows;
        const PlanePoint point = plane.project(row.lat, row.lon);
        bool joinedBack = false;
        if (prev) {
            if (join.joins(*prev, row)) {
                stamper.stampSegment(prevPoint.x, prevPoint.y, point.x, point.y);
                ++layer.m_stats.segments;
                joinedBack = true;
            } else if (!prevJoinedBack) {
                stamper.stampDisc(prevPoint.x, prevPoint.y);
                ++layer.m_stats.discs;
            }
        }
        prev = &row;
        prevPoint = point;
        prevJoinedBack = joinedBack;
    }
    if (prev && !prevJoinedBack) {
        stamper.stampDisc(prevPoint.x, prevPoint.y);
        ++layer.m_stats.discs;
    }
    return layer;
}

} // namespace tidemark::positions
