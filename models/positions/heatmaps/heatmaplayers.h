#pragma once

#include "coveragelayer.h"
#include "positionsettings.h"
#include "signallayers.h"

#include <span>

namespace tidemark::positions {

// A heatmap's time range [from, to); the default is the last 7 days before now.
struct HeatmapRange {
    Micros from = 0;
    Micros to = 0;

    static HeatmapRange lastDays(Micros now, int days = 7) {
        return {now - Micros(days) * kMicrosPerDay, now};
    }
    // The rows of a time-ordered track inside the range (a view, no copy).
    std::span<const PositionRow> select(std::span<const PositionRow> rows) const;
};

// The four layers of the heatmap (coverage, rtk, wifi, mnet) of one mower over a range, as the spec defines
// them: the coverage joined with the normal limits, or the wider ones for pairs older than the detail window
// at `now`; the signal layers from every row of the range. The plane's origin is the south-west corner of the
// range's rows.
struct HeatmapLayers {
    HeatmapPlane plane;
    CoverageLayer coverage;
    SignalLayers signal;

    static HeatmapLayers build(std::span<const PositionRow> track, const HeatmapRange& range, Micros now,
                               const PositionSettings& settings);
};

} // namespace tidemark::positions
