#pragma once

#include "positionrow.h"
#include "timestamp.h"

#include <QString>
#include <optional>
#include <vector>

namespace tidemark::demo {

// One mower_history row: a state change, or an error (errorCode set) at the exact instant of a position row.
struct HistoryRow {
    Micros observedAt;
    QString state;
    std::optional<int> errorCode;
};

struct GeneratedMower {
    positions::MowerTrack track; // rows in time order; errorInstants = the history rows with an error code
    std::vector<HistoryRow> history;
    QString name;
};

struct PositionsGeneratorOptions {
    quint64 seed = 20261130;
    int mowers = 8;
    int days = 120;
    Micros end = 0; // the exclusive end of the data (the demo's "now"); the data covers [end - days, end)
                    // 0 = today's midnight UTC by the wall clock
};

// Realistic robot-mower telemetry: each mower mows its own lawn in boustrophedon lanes 0.22 m apart at
// 0.35 m/s with U-turns, drives to and from its dock with the blades off, stands and charges, loses RTK fix
// and signal in places, falls silent, skips rainy days and reports errors. Deterministic for
// (seed, mowers, days, end): generate(i) is pure and independent of the other mowers.
class PositionsGenerator {
  public:
    explicit PositionsGenerator(PositionsGeneratorOptions options);
    int mowerCount() const;
    GeneratedMower generate(int mowerIndex) const; // pure, in memory, no database

    const PositionsGeneratorOptions& options() const { return m_options; }

  private:
    PositionsGeneratorOptions m_options;
};

} // namespace tidemark::demo
