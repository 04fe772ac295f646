#pragma once

#include "positionsforecast.h"
#include "requestlimit.h"

#include <QString>
#include <optional>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::positions {

// A positions forecast as `tidemark-cli forecast positions` and the console's Capacity view start it.
struct PositionsForecastRequest {
    static constexpr int kDefaultSample = 50;
    static constexpr RequestLimit kSampleMowers{"--sample-mowers", 1, 100000, "mowers", "all"};

    QString conninfo;
    PositionSettings settings;
    Micros now = 0;
    std::optional<int> sampleMowers = kDefaultSample; // within kSampleMowers; nullopt: every mower
    quint64 seed = 0;                                 // the sample's draw
    std::vector<PositionsWhatIf> whatIf;
    Micros rangeLength = 7 * kMicrosPerDay; // the judge's ranges (MowerBacklogJudge); tests shorten them
    // A sampled mower with at most this many rows (the status's estimate) is read in one statement, a larger
    // one a range at a time (tests set 0 for ranges throughout).
    long long readAtOnceRows = 500000;
    // false: the rows judged only, no coverage check (the retention plan's quick estimate needs no deviation,
    // and the check is most of a judged range's time); worstCoverageDeviation stays empty.
    bool checkCoverage = true;

    // Throws Error(Usage) naming the option and its limits: a sample outside kSampleMowers.
    void validate() const;
};

// THE positions forecast (spec/operations.md, "Forecasts"), read-only: one REPEATABLE READ READ ONLY
// transaction. The fleet's mowers and ends from index probes (ThinningStatus), rows a day from per-mower
// index counts, a seeded sample of mowers (the lowest SHA-256 of "seed:mower id"), each sampled mower's
// pending slices planned as a round plans them (its watermark, else its oldest row the age limit leaves)
// and judged by MowerBacklogJudge under the configured settings and every what-if, the recorded rounds'
// pace from tidemark_round_history. Progress per sampled mower; a cancel between mowers returns the report
// with cancelled = true. Throws tidemark::Error (Usage for a request that does not validate, before anything
// is opened; Connection, Schema).
class PositionsForecastJob {
  public:
    static PositionsForecast run(const PositionsForecastRequest& request, TaskFeedback& feedback);
    // The sample of `mowers` for `seed`: the `count` ids with the lowest SHA-256 of "seed:id" (the id
    // without braces), in id order; every mower when count is nullopt or at least the fleet.
    static std::vector<QUuid> drawSample(std::vector<QUuid> mowers, std::optional<int> count, quint64 seed);
};

} // namespace tidemark::positions
