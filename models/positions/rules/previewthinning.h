#pragma once

#include "keepset.h"
#include "positionrow.h"
#include "positionsettings.h"
#include "sliceplanner.h"
#include "slicethinning.h"

#include <span>
#include <vector>

namespace tidemark::positions {

// What a round would do to one row of a preview range.
enum class RowFate : std::uint8_t {
    Removed,
    Kept,            // kept by keep_set, with its reasons
    Recent,          // at or after the cutoff: inside the detail window, never thinned
    BehindWatermark, // before the watermark: thinned by an earlier round already
};

// keep_set run exactly as a round runs it, on a loaded part of one mower's track: slice after slice in the
// round's order, each slice seeing the survivors of the slices before it (as InMemoryPositionStore does),
// but only over the given slices, which are the round's own (SlicePlanner from the real watermark).
class PreviewThinning {
  public:
    using Outcome = SliceThinning; // survivors, their reasons, slices / scanned / deleted

    // `track` holds the rows of [slices.front().begin − 10 min, slices.back().end + 10 min) at least.
    static Outcome run(const MowerTrack& track, std::span<const SliceRange> slices,
                       const PositionSettings& settings);

    // The slices of `plan` that a preview of [from, to) must run: those meeting the range, plus the one
    // before them so that the first one sees a thinned context, as in a real round.
    static std::vector<SliceRange> slicesFor(std::span<const SliceRange> plan, Micros from, Micros to);
};

} // namespace tidemark::positions
