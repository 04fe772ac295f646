#pragma once

namespace tidemark {

// The cells of a grid that the line from cell (x0, y0) to cell (x1, y1) passes, both ends included, in order
// (Bresenham: one cell a step along the longer axis); `visit(x, y)` returns false to stop. The one line
// rasteriser of the map's painter and the tracks' density overview.
template <typename Int, typename Visit> void forEachGridCell(Int x0, Int y0, Int x1, Int y1, Visit&& visit) {
    const Int dx = x1 > x0 ? x1 - x0 : x0 - x1, sx = x0 < x1 ? 1 : -1;
    const Int dy = -(y1 > y0 ? y1 - y0 : y0 - y1), sy = y0 < y1 ? 1 : -1;
    Int error = dx + dy;
    for (;;) {
        if (!visit(x0, y0))
            return;
        if (x0 == x1 && y0 == y1)
            return;
        const Int twice = 2 * error;
        if (twice >= dy) {
            error += dy;
            x0 += sx;
        }
        if (twice <= dx) {
            error += dx;
            y0 += sy;
        }
    }
}

} // namespace tidemark
