#pragma once

#include "positionsettings.h"
#include "timestamp.h"

#include <QJsonObject>
#include <QString>
#include <QUuid>
#include <optional>
#include <vector>

namespace tidemark::positions {

// One slice a round would thin, as a plan lists it (spec/operations.md, "Plans that are applied exactly"):
// the rows it scans and deletes, and the digest of the rows and error instants of its context
// [from − 10 min, to + 10 min) as the slice's own transaction will find them (the slice before it thinned).
struct PlannedSlice {
    QUuid mowerId;
    Micros from = 0, to = 0;
    long long rowsScanned = 0, rowsDeleted = 0;
    QString digest;

    QJsonObject toJson() const;
    bool operator==(const PlannedSlice&) const = default;
};

// The age delete as planned: the rows observed before `before` (the plan's now − retention days).
struct PlannedAgeDelete {
    Micros before = 0;
    long long rows = 0;

    QJsonObject toJson() const;
    bool operator==(const PlannedAgeDelete&) const = default;
};

// A positions plan's units: {"age_delete": {"before", "rows"} or null, "slices": [{"mower_id", "from", "to",
// "rows_scanned", "rows_deleted", "digest"}]}, slices in the order the round takes them.
struct PositionsPlanUnits {
    static constexpr std::size_t kMaxUnits = 10'000'000;

    std::optional<PlannedAgeDelete> ageDelete;
    std::vector<PlannedSlice> slices;

    QJsonObject toJson() const;
    // Throws Error(Usage) naming the bad key (and the slice's index); more than kMaxUnits slices are
    // refused.
    static PositionsPlanUnits fromJson(const QJsonObject& json);
    bool operator==(const PositionsPlanUnits&) const = default;
};

// Every setting that decides what a round deletes (not the budget, nor the heatmaps'): detail_days,
// retention_days, thin_active_seconds, thin_idle_seconds, window_start_hour, window_end_hour,
// maintenance_timezone.
QJsonObject positionsPlanSettings(const PositionSettings& settings);

} // namespace tidemark::positions
