#pragma once

#include "timestamp.h"

#include <QUuid>
#include <optional>
#include <vector>

namespace tidemark {
class PgConnection;
}

namespace tidemark::positions {

// Where one mower's thinning stands.
struct MowerThinningStatus {
    QUuid mowerId;
    long long rows = -1; // -1 when not counted
    std::optional<Micros> oldest;
    std::optional<Micros> watermark;
    long long slicesPending = 0;
    // Why the mower cannot be thinned until someone looks at it: a row observed at 'infinity' or
    // '-infinity', or an infinite watermark; empty when it can. oldest then names the oldest finite row.
    QString notAnInstant;
};

// Per mower (every mower with rows or a watermark): rows, oldest row, watermark, slices pending for `cutoff`.
class ThinningStatus {
  public:
    // countRows = false skips the (full) row count; a round needs only oldest and watermark.
    static std::vector<MowerThinningStatus> query(PgConnection& db, Micros cutoff, bool countRows = true);
};

} // namespace tidemark::positions
