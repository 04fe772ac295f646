#pragma once

#include "positionsettings.h"
#include "positionsplanunits.h"
#include "requestlimit.h"
#include "roundreport.h"

#include <QMetaType>
#include <QString>
#include <QUuid>
#include <optional>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::positions {

// One positions round as the console's Rounds area and `tidemark-cli positions round` start it: values only.
struct RoundRequest {
    // A budget given for one round (a day at most: the window is part of one); without one, the setting's.
    static constexpr RequestLimit kBudget{"--budget", 1, 86400, "seconds"};
    static constexpr RequestLimit kJobs{"--jobs", 1, 64, "workers"};
    static constexpr int kDefaultJobs = 1;

    QString conninfo; // the round's connection; its workers open theirs with the same string
    PositionSettings settings;
    Micros now = 0;
    // Every dry run judges each slice on the table as the round will find it (the age delete and the slices
    // before it done) and carries the plan's units (RoundReport::units, digests included): its figures are
    // the round's, slice for slice, and Run after it applies exactly them.
    bool dryRun = false;
    bool ignoreWindow = false;
    std::optional<int> budgetSeconds; // overrides settings.budgetSeconds; within kBudget
    int jobs = kDefaultJobs;          // thinning workers, each on its own connection; within kJobs
    // Run although `now` is ahead of the server's now() by more than the clock check allows (recorded).
    bool allowClockAhead = false;
    bool recordHistory = true; // append the report to tidemark_round_history
    // The Prometheus textfile the round adds its metrics to; "" = none.
    QString metricsFile;
    // What named the file, for the warning when it cannot be written ("--metrics-file from
    // TIDEMARK_METRICS_FILE").
    QString metricsFileOrigin = QStringLiteral("--metrics-file");
    // Apply exactly these units (spec/operations.md, "Plans that are applied exactly"), as a round: the same
    // lock, window, budget, jobs, pause and cancel; RoundReport::unitOutcomes has one outcome per unit.
    std::optional<PositionsPlanUnits> plan;
    QString planSha256; // recorded with the round in the history and the info line

    // Throws Error(Usage) naming the option and its limits: a budget outside kBudget, jobs outside kJobs.
    void validate() const;
};

// Where a running round stands after a slice.
struct RoundProgress {
    QUuid mowerId;
    long long sliceOfMower = 0; // 1-based
    long long slicesOfMower = 0;
    long long slicesDone = 0; // over the round
    long long slicesTotal = 0;
    bool dryRun = false;
    long long scanned = 0;      // rows, over the round so far
    long long deleted = 0;      // over the round so far; in a dry run, what it would delete
    long long sliceScanned = 0; // rows of the latest slice
    long long sliceDeleted = 0;
    double elapsedSeconds = 0;
    double secondsLeft = -1;   // estimate from the pace so far; -1 before the first slice
    double pausedSeconds = -1; // while paused: how long the round has held its lock paused; else -1
};

// THE positions round, for both front ends: opens its own connection, checks the schema, runs the
// ThinningRound with the caller's TaskFeedback (pause, resume and cancel take effect between slices and
// age-delete batches; a cancel returns the report with cancelled = true and what was committed before),
// reports each slice as TaskProgress whose detail is the RoundProgress (elapsed time and an estimate of the
// time left), records the round history (a history row that cannot be written is a warning: the round's
// result stands) and the metrics textfile the request names (a file that cannot be written is a warning),
// and puts the warnings a front end must show into report.warnings: an overridden clock check, each skipped
// mower, an interruption. Throws tidemark::Error (Usage for a request that does not validate, before anything
// is opened; Connection, Schema, Refused for a clock ahead, ...).
class RoundJob {
  public:
    static RoundReport run(const RoundRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::positions

Q_DECLARE_METATYPE(tidemark::positions::RoundProgress)
