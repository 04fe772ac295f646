#pragma once

#include "geodesy.h"
#include "positionrow.h"
#include "positionsettings.h"

#include <algorithm>
#include <limits>

namespace tidemark::positions {

// When two consecutive blades-on rows a, b form a swath segment (spec: Heatmaps, Coverage): t_b − t_a ≤ J_s
// and dist(a, b) ≤ J_m, with the normal limits, or the wider ones when t_a is older than the detail window.
struct CoverageJoin {
    Micros normalMicros = 30 * kMicrosPerSecond;
    double normalMetres = 10;
    Micros wideMicros = 65 * kMicrosPerSecond;
    double wideMetres = 10.0 * 65 / 30;
    Micros wideBefore = std::numeric_limits<Micros>::min(); // pairs with t_a < wideBefore use the wide limits

    // The normal limits for every pair (raw rows; and the survivors "without the wider join").
    static CoverageJoin normal(const PositionSettings& s) {
        CoverageJoin j = widening(s);
        j.wideBefore = std::numeric_limits<Micros>::min();
        return j;
    }
    // The spec's rule at `now`: wide limits for pairs whose older row is older than now − detail_days.
    static CoverageJoin agedAt(const PositionSettings& s, Micros now) {
        CoverageJoin j = widening(s);
        j.wideBefore = now - s.detailWindow();
        return j;
    }

    bool joins(const PositionRow& a, const PositionRow& b) const {
        const bool wide = a.observedAt < wideBefore;
        if (b.observedAt - a.observedAt > (wide ? wideMicros : normalMicros))
            return false;
        return distanceMetres(a.lat, a.lon, b.lat, b.lon) <= (wide ? wideMetres : normalMetres);
    }

  private:
    static CoverageJoin widening(const PositionSettings& s) {
        CoverageJoin j;
        const int wideSeconds = std::max(s.heatmapJoinSeconds, 2 * s.thinActiveSeconds + 5);
        j.normalMicros = Micros(s.heatmapJoinSeconds) * kMicrosPerSecond;
        j.normalMetres = s.heatmapJoinMetres;
        j.wideMicros = Micros(wideSeconds) * kMicrosPerSecond;
        j.wideMetres = s.heatmapJoinMetres * wideSeconds / s.heatmapJoinSeconds;
        return j;
    }
};

} // namespace tidemark::positions
