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

} // namespace

void SwathStamper::stampSegment(double ax, double ay, double bx, double by) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    const double c = m_cell;
    const double invC = 1.0 / c;
    const double r = m_radius;
    const double sx = bx - ax, sy = by - ay;
    const double len2 = sx * sx + sy * sy;
    const double rLen = r * std::sqrt(len2);
    // The band between the end caps on the line y = yc, as x intervals that move linearly with yc:
    // 0 <= t <= 1 along the segment: x·sx ∈ [ax·sx − qy·sy, len2 + ax·sx − qy·sy] (qy = yc − ay);
    // |cross| <= r·|s|:               x·sy ∈ [ax·sy + qy·sx − r|s|, ax·sy + qy·sx + r|s|].
    const double invSx = sx != 0 ? 1.0 / sx : 0.0;
    const double invSy = sy != 0 ? 1.0 / sy : 0.0;

    const double yMin = std::min(ay, by) - r, yMax = std::max(ay, by) + r;
    const auto jFirst = static_cast<std::int32_t>(std::ceil(yMin * invC - 0.5));
    const auto jLast = static_cast<std::int32_t>(std::floor(yMax * invC - 0.5));
    for (std::int32_t j = jFirst; j <= jLast; ++j) {
        const double yc = (j + 0.5) * c;
        Interval chord;
        addDiscChord(chord, ax, ay, yc, m_radius2);
        addDiscChord(chord, bx, by, yc, m_radius2);
        if (len2 > 0) {
            const double qy = yc - ay;
            double x0 = -inf, x1 = inf;
            bool inside = true;
            if (sx != 0) {
                double a = (ax * sx - qy * sy) * invSx, b = (len2 + ax * sx - qy * sy) * invSx;
                if (a > b)
                    std::swap(a, b);
                x0 = a;
                x1 = b;
            } else {
                const double t = qy * sy / len2; // constant along the row
                inside = t >= 0 && t <= 1;
            }
            const double m = ax * sy + qy * sx;
            if (sy != 0) {
                double a = (m - rLen) * invSy, b = (m + rLen) * invSy;
                if (a > b)
                    std::swap(a, b);
                x0 = std::max(x0, a);
                x1 = std::min(x1, b);
            } else {
                inside = inside && std::abs(qy * sx) <= rLen;
            }
            if (inside)
                chord.add(x0, x1);
        }
        if (!(chord.lo <= chord.hi))
            continue;
        auto i0 = static_cast<std::int32_t>(std::ceil(chord.lo * invC - 0.5));
        auto i1 = static_cast<std::int32_t>(std::floor(chord.hi * invC - 0.5));
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
