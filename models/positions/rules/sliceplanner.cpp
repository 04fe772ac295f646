#include "sliceplanner.h"

#include "positionsettings.h"

namespace tidemark::positions {

std::optional<Micros> SlicePlanner::start(std::optional<Micros> watermark, std::optional<Micros> oldestRow) {
    if (watermark)
        return *watermark;
    if (oldestRow)
        return floorToStep(*oldestRow, kSliceGrid);
    return std::nullopt;
}

long long SlicePlanner::pendingSlices(std::optional<Micros> watermark, std::optional<Micros> oldestRow,
                                      Micros cutoff) {
    const auto from = start(watermark, oldestRow);
    if (!from || *from >= cutoff)
        return 0;
    return (cutoff - *from + kMaxSlice - 1) / kMaxSlice;
}

std::vector<SliceRange> SlicePlanner::plan(const QUuid& mowerId, std::optional<Micros> watermark,
                                           std::optional<Micros> oldestRow, Micros cutoff) {
    std::vector<SliceRange> slices;
    const auto from = start(watermark, oldestRow);
    if (!from)
        return slices;
    slices.reserve(static_cast<std::size_t>(pendingSlices(watermark, oldestRow, cutoff)));
    for (Micros s = *from; s < cutoff; s += kMaxSlice)
        slices.push_back({mowerId, s, std::min(s + kMaxSlice, cutoff)});
    return slices;
}

} // namespace tidemark::positions
