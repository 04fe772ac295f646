#pragma once

#include "positionsettings.h"
#include "roundreport.h"
#include "sliceplanner.h"

#include "taskprogress.h"

#include <functional>
#include <optional>

namespace tidemark {
class TaskFeedback;
class PgConnection;
} // namespace tidemark

namespace tidemark::positions {

// One slice of a round, done (committed, or counted in a dry run).
struct SliceEvent {
    QUuid mowerId;
    long long sliceOfMower = 0; // 1-based
    long long slicesOfMower = 0;
    long long slicesDone = 0; // over the round, this one included
    long long slicesTotal = 0;
    long long scanned = 0; // rows of this slice
    long long deleted = 0; // deleted by this slice; in a dry run, what it would delete
    bool dryRun = false;
    long long roundScanned = 0; // rows scanned over the round so far, this slice included

    // The slice as task progress: "mower …, slice i of n", slices done of total, rows scanned so far.
    TaskProgress progress() const;
};

struct RoundOptions {
    Micros now = 0;
    bool ignoreWindow = false;
    std::optional<int> budgetSeconds; // overrides the setting
    bool dryRun = false;              // count what would be scanned and deleted; delete nothing
    TaskFeedback* control = nullptr;  // pause / resume / cancel between slices, progress
    int ageDeleteBatch = 10000;
    // Called inside a slice's transaction after its delete and before the watermark and commit. Tests use
    // it to inject a crash.
    std::function<void(PgConnection&, const SliceRange&)> beforeCommit;
    // Called after every slice (after its commit), on the round's thread.
    std::function<void(const SliceEvent&)> onSlice;
    // Reads the clock for the window and the budget between slices (tests may move it); default: nowMicros
    // offset so that it starts at `now`.
    std::function<Micros()> clock;
};

// One retention round over mower_positions on one connection (spec/positions.md, "Slices and rounds"):
// pg_try_advisory_lock (skip if held), the batched age delete, then slice by slice, mower by mower, while
// inside the window and the budget, each slice's delete and watermark in one transaction.
class ThinningRound {
  public:
    static constexpr long long kAdvisoryLockKey = 0x7469646d61726b31; // "tidmark1"

    ThinningRound(PgConnection& db, PositionSettings settings);
    RoundReport run(const RoundOptions& options);

  private:
    long long ageDelete(const RoundOptions& options, bool* cancelled);
    void thin(const RoundOptions& options, RoundReport& report);

    PgConnection& m_db;
    PositionSettings m_settings;
};

} // namespace tidemark::positions
