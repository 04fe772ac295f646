#pragma once

#include "keepset.h"
#include "positionrow.h"
#include "sliceplanner.h"

#include <optional>
#include <span>
#include <vector>

namespace tidemark::positions {

// The rows of one mower after keep_set ran over the given slices in order, exactly as a round does: each
// slice's context is the already thinned rows before it (10 minutes back) and the untouched rows ahead.
struct SliceThinning {
    std::vector<PositionRow> survivors; // every row that is left, in time order
    std::vector<KeepReasons> reasons; // parallel to survivors; rows outside the slices keep their old reasons
    long long slices = 0;
    long long scanned = 0; // rows inside the slices
    long long deleted = 0;
    // The first slice whose context holds a row without a finite position: that slice and the later ones
    // are left untouched (their rows are in survivors with their old reasons), as the round skips the mower.
    struct Failure {
        SliceRange slice;
        Micros rowAt = 0; // the earliest such row of the slice's context
        QString describe(const QUuid& mowerId) const;
    };
    std::optional<Failure> failure;

    // rows: in time order; reasons: parallel to rows, or empty for all 0; errorInstants: sorted.
    // Linear in the number of rows (each slice looks back only into its own context).
    static SliceThinning run(std::span<const PositionRow> rows, std::span<const KeepReasons> reasons,
                             std::span<const Micros> errorInstants, std::span<const SliceRange> slices,
                             KeepSet& keepSet);
};

} // namespace tidemark::positions
