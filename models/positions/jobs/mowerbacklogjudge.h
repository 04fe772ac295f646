#pragma once

#include "coveragecheck.h"
#include "keepset.h"
#include "positionsettings.h"
#include "sliceplanner.h"

#include <QString>
#include <limits>
#include <optional>
#include <span>
#include <vector>

namespace tidemark::positions {

class PositionLoader;

// What keep_set does to one mower's backlog under one set of settings.
struct JudgedBacklog {
    long long slices = 0;
    long long scanned = 0; // rows inside the slices
    long long kept = 0;
    // The worst coverage deviation of the mower's ranges (NaN: no range had coverage) and where it was.
    double worstDeviation = std::numeric_limits<double>::quiet_NaN();
    Micros worstRangeBegin = 0;
    QString failure; // a row without a finite position stopped the mower here, as it stops a round
};

// Judges one mower's pending slices as a round would (SliceThinning: each slice sees the survivors of the
// slices before it), under several sets of settings at once, reading the rows through the index in ranges
// of slices at most `rangeLength` long (from the slice of a range's first row; slices without rows are
// skipped), so that memory holds one range of one mower — or, with readAtOnce (a backlog known to be small),
// the whole backlog in one read, judged in the same ranges. Each range is also checked for coverage (the
// 12 % check) under each set, unless checkCoverage is false; the worst deviation is kept.
class MowerBacklogJudge {
  public:
    static constexpr Micros kRangeLength = 7 * kMicrosPerDay;

    // `settings`: the configured settings first, then each what-if. `now` feeds the coverage check's
    // detail window only. Rows before `rowsFrom` are not read: the round's age delete removes them first.
    static std::vector<JudgedBacklog> judge(PositionLoader& loader, std::span<const SliceRange> slices,
                                            std::span<const PositionSettings> settings, Micros now,
                                            Micros rowsFrom, Micros rangeLength = kRangeLength,
                                            bool readAtOnce = false, bool checkCoverage = true);
};

} // namespace tidemark::positions
