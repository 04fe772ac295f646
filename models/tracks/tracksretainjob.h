#pragma once

#include "trackslocation.h"
#include "tracksretention.h"

#include "clockcheck.h"
#include "planunitoutcome.h"
#include "requestlimit.h"
#include "timestamp.h"
#include "tracksplanunits.h"

#include <QStringList>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

// A retention run (or its dry run, the console's preview) as both front ends ask for it: the store, the
// retention (GPS_TRACKS_RETENTION_YEARS, already read), the run's clock and this machine's clock for the
// clock check, the override of that check, and the metrics file (empty: none). With `plan`, the run is the
// plan's apply (spec/operations.md, "Plans that are applied exactly").
struct TracksRetainRequest {
    // The retention comes from its setting, which TracksSettings reads with these limits.
    static constexpr RequestLimit kRetentionYears{"GPS_TRACKS_RETENTION_YEARS", 1, 100, "years"};
    static constexpr int kDefaultRetentionYears = 5;
    // Tracks per delete transaction: what a stop waits for.
    static constexpr RequestLimit kBatchSize{"the retention's batch size", 1, 10000, "tracks"};
    static constexpr int kDefaultBatchSize = 500;

    TracksLocation store;
    int retentionYears = kDefaultRetentionYears; // within kRetentionYears
    Micros now = 0;
    Micros machineNow = 0;
    bool dryRun = false;
    bool allowClockAhead = false;
    QString metricsPath;
    QString metricsPathOrigin =
        QStringLiteral("--metrics-file"); // where metricsPath came from, for its warning
    int batchSize = kDefaultBatchSize;    // within kBatchSize
    // A dry run that also gives its tracks as a plan's units (report.units), with what apply re-checks.
    bool collectUnits = false;
    // Apply: delete exactly these tracks (TracksRetention::apply), each judged by the server's clock (a file:
    // this machine's, machineNow) unless allowClockAhead, then by `now`; no other track, even one eligible
    // since. planSha256 is recorded with the run.
    std::optional<TracksPlanUnits> plan;
    QString planSha256;

    // Throws Error(Usage) naming what is outside its limits: the retention (a year too few would delete
    // tracks the setting keeps) or the batch size.
    void validate() const;
};

struct TracksRetainReport {
    TracksLocation store;
    QString storeName; // TracksDatabase::describe(): the file, or host:port/dbname
    int retentionYears = 0;
    Micros cutoff = 0;
    std::optional<ClockCheck> clockOverride; // the check that failed and was overridden
    bool dryRun = false;
    std::vector<qint64> wouldDelete; // the dry run's tracks, ascending
    TracksRetentionReport run;       // a run's figures (empty for a dry run)
    bool cancelled = false;          // stopped between batches: run.deleted were deleted
    QStringList warnings;            // the clock override, metrics that could not be written
    QString storeId;                 // TracksDatabase::storeId() (empty: not migrated to version 3)
    TracksPlanUnits units;           // a dry run with collectUnits: wouldDelete's tracks
    // An apply: one outcome per planned track, in plan order (Applied, Done, Stale with what differs, Left
    // when cancelled before its batch).
    std::vector<PlanUnitOutcome> unitOutcomes;
    bool applied = false; // the run applied request.plan
    QString planSha256;   // the apply's plan, as recorded
    bool recorded = true; // the run is in the store's tracks_retention_runs (false: a store before version 3)

    qint64 outcomesOf(PlanUnitOutcome::Status status) const;
    // A run that found the R-tree inconsistent afterwards (the CLI's exit 1).
    bool indexInconsistent() const { return !dryRun && !cancelled && !run.spatialIndexValid; }
    // An apply's exit code (spec/operations.md), as the positions and kudos applies give theirs: 1 when any
    // track was stale or the R-tree is inconsistent (a person should look), else 75 when any was left
    // (cancelled), else 0.
    int applyExitCode() const;
};

// `tidemark-cli tracks retain` and the console's retention preview: the clock check (TracksRetention::
// checkClock; a refusal throws Error(Refused) before anything is read or deleted), then the dry run's
// preview or the run (or the plan's apply), stopping between batches when cancelled; a run is recorded in
// the store (tracks_retention_runs, with the plan's sha256) and its metrics are added to the metrics file (a
// file that cannot be written is a warning). Throws Error: Connection / Schema for the store.
class TracksRetainJob {
  public:
    static TracksRetainReport run(const TracksRetainRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::tracks
