#pragma once

#include "trackslocation.h"
#include "tracksretention.h"

#include "clockcheck.h"
#include "timestamp.h"

#include <QStringList>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

// A retention run (or its dry run, the console's preview) as both front ends ask for it: the store, the
// retention (GPS_TRACKS_RETENTION_YEARS, already read), the run's clock and this machine's clock for the
// clock check, the override of that check, and the metrics file (empty: none).
struct TracksRetainRequest {
    TracksLocation store;
    int retentionYears = 5;
    Micros now = 0;
    Micros machineNow = 0;
    bool dryRun = false;
    bool allowClockAhead = false;
    QString metricsPath;
    QString metricsPathOrigin =
        QStringLiteral("--metrics-file"); // where metricsPath came from, for its warning
    int batchSize = 500;
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

    // A run that found the R-tree inconsistent afterwards (the CLI's exit 1).
    bool indexInconsistent() const { return !dryRun && !cancelled && !run.spatialIndexValid; }
};

// `tidemark-cli tracks retain` and the console's retention preview: the clock check (TracksRetention::
// checkClock; a refusal throws Error(Refused) before anything is read or deleted), then the dry run's
// preview or the run, stopping between batches when cancelled; a run's metrics are added to the metrics
// file (a file that cannot be written is a warning). Throws Error: Connection / Schema for the store.
class TracksRetainJob {
  public:
    static TracksRetainReport run(const TracksRetainRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::tracks
