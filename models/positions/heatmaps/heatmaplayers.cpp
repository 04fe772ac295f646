#include "heatmaplayers.h"

#include <algorithm>

namespace tidemark::positions {

std::span<const PositionRow> HeatmapRange::select(std::span<const PositionRow> rows) const {
    const auto byTime = [](const PositionRow& r, Micros t) { return r.observedAt < t; };
    const auto first = std::lower_bound(rows.begin(), rows.end(), from, byTime);
    const auto last = std::lower_bound(first, rows.end(), std::max(from, to), byTime);
    return rows.subspan(std::size_t(first - rows.begin()), std::size_t(last - first));
}

HeatmapLayers HeatmapLayers::build(std::span<const PositionRow> track, const HeatmapRange& range, Micros now,
                                   const PositionSettings& settings) {
    const std::span<const PositionRow> rows = range.select(track);
    HeatmapLayers layers;
    layers.plane = HeatmapPlane::southWestOf(rows);
    layers.coverage = CoverageLayer::build(rows, layers.plane, CoverageJoin::agedAt(settings, now),
                                           settings.heatmapCellMetres, settings.heatmapSwathMetres);
    layers.signal = SignalLayers::build(rows, layers.plane, settings.heatmapSignalCellMetres);
    return layers;
}

} // namespace tidemark::positions
