#pragma once

#include "timestamp.h"

#include <QUuid>
#include <optional>
#include <vector>

namespace tidemark::positions {

// One slice of one mower's work: the rows with begin <= observed_at < end.
struct SliceRange {
    QUuid mowerId;
    Micros begin = 0;
    Micros end = 0;
    bool operator==(const SliceRange&) const = default;
};

// Cuts a mower's pending work into slices (spec/positions.md, "Slices and rounds"): from the watermark, or
// else from the oldest row floored to the 5-minute grid, to the cutoff, in slices of exactly 6 h counted
// from that start; only the last one is shorter. The same inputs always give the same slices.
class SlicePlanner {
  public:
    static std::vector<SliceRange> plan(const QUuid& mowerId, std::optional<Micros> watermark,
                                        std::optional<Micros> oldestRow, Micros cutoff);
    // Where the work starts, or nullopt when the mower has neither a watermark nor rows.
    static std::optional<Micros> start(std::optional<Micros> watermark, std::optional<Micros> oldestRow);
    static long long pendingSlices(std::optional<Micros> watermark, std::optional<Micros> oldestRow,
                                   Micros cutoff);
};

} // namespace tidemark::positions
