#pragma once

#include "positionsettings.h"
#include "roundreport.h"
#include "sliceplanner.h"

#include "taskprogress.h"

#include <functional>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
class PgConnection;
} // namespace tidemark

namespace tidemark::positions {

// One slice of a round, or a run of slices that held no row, done (committed, or counted in a dry run).
struct SliceEvent {
    QUuid mowerId;
    long long sliceOfMower = 0; // 1-based; the last of a run
    long long slicesOfMower = 0;
    long long slicesDone = 0; // over the round, this one included
    long long slicesTotal = 0;
    long long scanned = 0; // rows of this slice
    long long deleted = 0; // deleted by this slice; in a dry run, what it would delete
    bool dryRun = false;
    long long roundScanned = 0; // rows scanned over the round so far, this slice included
    long long slices = 1;       // slices done by this event (a run of slices without rows: more than one)
    SliceRange range;           // the slice (of a run, the slice with rows, or the whole run without)
    // An apply: the planned slice's outcome (Applied, Done or Stale; Left units get no event).
    std::optional<PlanUnitOutcome::Status> outcome;

    // The slice as task progress: "mower …, slice i of n", slices done of total, rows scanned so far.
    TaskProgress progress() const;
};

// The steps of one slice's transaction, in order (fault-injection tests stop the round after each).
// Deleted: the thinning statement ran (it also reports a bad row of the context). A run of slices that hold
// no row is done in one transaction of its own, with every step but Deleted, for the range of the run.
enum class SliceStep { Began, Deleted, WatermarkMoved, Committed };

// A paused round's progress: it holds the round's lock, for this long.
TaskProgress pausedRoundProgress(double pausedSeconds);

struct RoundOptions {
    Micros now = 0;
    bool ignoreWindow = false;
    std::optional<int> budgetSeconds; // overrides the setting
    // Count what would be scanned and deleted, each slice on the table as the round will find it (the age
    // delete done, the slice before thinned), in batches as the round thins them; delete nothing.
    bool dryRun = false;
    // Run although `now` is more than ClockCheck::kMaxClockAhead later than the server's now(); recorded in
    // the report.
    bool allowClockAhead = false;
    TaskFeedback* control = nullptr; // pause / resume / cancel between slices and batches, progress
    // Thinning workers, each on its own connection to `workerConninfo` (required when jobs > 1), taking whole
    // mowers from one queue, largest backlog first, while the round's own connection holds the lock. With
    // one job the round's connection thins, mower by mower in id order.
    int jobs = 1;
    QString workerConninfo;
    int ageDeleteBatch = 10000;
    // Called inside a slice's transaction after each step (and after its commit); not in a dry run. Tests
    // use it to inject faults; set, it turns the batches off (a dry run's too).
    std::function<void(PgConnection&, const SliceRange&, SliceStep)> onStep;
    // Called before the transaction of each batch (slices of a sparse mower thinned, or in a dry run
    // counted, by one statement, when there is no onStep), with its slices. Tests use it to count batches and
    // to write rows meanwhile.
    std::function<void(PgConnection&, const std::vector<SliceRange>&)> onBatch;
    // Called after every slice (after its commit), on the round's thread or a worker's (one call at a time).
    std::function<void(const SliceEvent&)> onSlice;
    // Called about once a second while the round is paused (holding its lock), with the pause's length (one
    // call at a time, from any worker).
    std::function<void(double pausedSeconds)> onPaused;
    // With dryRun: list every slice with rows in report.units, with its context's digest.
    bool collectUnits = false;
    // Apply exactly these units (spec/operations.md, "Plans that are applied exactly"): the age delete of the
    // rows before its `before`, then the planned slices only, each re-checked in its transaction; one
    // outcome per unit in report.unitOutcomes. Not with dryRun.
    const PositionsPlanUnits* plan = nullptr;
    // Reads the clock for the window and the budget between slices (tests may move it); default: nowMicros
    // offset so that it starts at `now`.
    std::function<Micros()> clock;
};

// One retention round over mower_positions on one connection (spec/positions.md, "Slices and rounds" and
// "Safety"): the clock check, pg_try_advisory_lock (skip if held), the age delete in bounded batches, then
// slice by slice, mower by mower, each slice's delete and watermark move in one READ COMMITTED transaction
// with a lock and a statement timeout (the slices before a mower's next row, which hold no row, in one
// transaction together; a sparse mower's slices that lie a context apart, up to about a thousand rows, in one
// transaction and one statement). The window, the budget, a pause and a cancel are checked between
// batches and slices. A bad row or a moved watermark skips only its mower; a timeout, a serialization
// failure or a deadlock ends the round with the slice rolled back. Throws Error(Refused) for a clock ahead
// of the server, Error for a lost connection. Its plan is a RoundPlan, its statements RoundTransactions, its
// slice loops RoundWorkers; RoundJob runs it for both front ends.
class ThinningRound {
  public:
    static constexpr long long kAdvisoryLockKey = 0x7469646d61726b31; // "tidmark1"

    ThinningRound(PgConnection& db, PositionSettings settings);
    RoundReport run(const RoundOptions& options);

  private:
    PgConnection& m_db;
    PositionSettings m_settings;
};

} // namespace tidemark::positions
