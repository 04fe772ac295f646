#include "swathstamper.h"

#include <algorithm>
#include <limits>

namespace tidemark::positions {

namespace {

struct Interval {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    void add(double a, double b) {
        if (a > b)
            return;
        lo = std::min(lo, a);
        hi = std::max(hi, b);
    }
};

// The x range where the line y = yc meets the disc of radius r around (cx, cy).
void addDiscChord(Interval& out, double cx, double cy, double yc, double r2) {
    const double dy = yc - cy;
    const double h2 = r2 - dy * dy;
    if (h2 < 0)
        return;
    const double h = std::sqrt(h2);
    out.add(cx - h, cx + h);
}

// Intersection of { lo <= k·x + m <= hi } with [lo0, hi0] for a linear function of x.
bool clampLinear(double k, double m, double lo, double hi, double& x0, double& x1) {
    if (k == 0)
        return m >= lo && m <= hi;
    double a = (lo - m) / k, b = (hi - m) / k;
    if (a > b)
        std::swap(a, b);
    x0 = std::max(x0, a);
    x1 = std::min(x1, b);
    return x0 <= x1;
}

} // namespace

void SwathStamper::stampSegment(double ax, double ay, double bx, double by) {
    const double c = m_cell;
    const double r = m_radius;
    const double sx = bx - ax, sy = by - ay;
    const double len2 = sx * sx + sy * sy;
    const double len = std::sqrt(len2);

    const double yMin = std::min(ay, by) - r, yMax = std::max(ay, by) + r;
    const auto jFirst = static_cast<std::int32_t>(std::ceil(yMin / c - 0.5));
    const auto jLast = static_cast<std::int32_t>(std::floor(yMax / c - 0.5));
    for (std::int32_t j = jFirst; j <= jLast; ++j) {
        const double yc = (j + 0.5) * c;
        Interval chord;
        addDiscChord(chord, ax, ay, yc, m_radius2);
        addDiscChord(chord, bx, by, yc, m_radius2);
        if (len2 > 0) {
            // The band between the end caps: 0 <= t <= 1 along the segment and |cross| <= r·|s|.
            double x0 = -std::numeric_limits<double>::infinity(), x1 = std::numeric_limits<double>::infinity();
            const double qy = yc - ay;
            if (clampLinear(sx / len2, (-ax * sx + qy * sy) / len2, 0.0, 1.0, x0, x1) &&
                clampLinear(sy, -ax * sy - qy * sx, -r * len, r * len, x0, x1))
                chord.add(x0, x1);
        }
        if (!(chord.lo <= chord.hi))
            continue;
        auto i0 = static_cast<std::int32_t>(std::ceil(chord.lo / c - 0.5));
        auto i1 = static_cast<std::int32_t>(std::floor(chord.hi / c - 0.5));
        // Settle the run's ends on the definition (a rounding of the chord must not add or drop a cell).
        if (i0 <= i1) {
            if (covers(i0, j, ax, ay, bx, by)) {
                while (covers(i0 - 1, j, ax, ay, bx, by))
                    --i0;
            } else {
                while (i0 <= i1 && !covers(i0, j, ax, ay, bx, by))
                    ++i0;
            }
            if (i0 <= i1) {
                if (covers(i1, j, ax, ay, bx, by)) {
                    while (covers(i1 + 1, j, ax, ay, bx, by))
                        ++i1;
                } else {
                    while (i1 > i0 && !covers(i1, j, ax, ay, bx, by))
                        --i1;
                }
            }
        }
        m_cells.insertRun(j, i0, i1);
    }
}

} // namespace tidemark::positions
