#pragma once

#include "kudosplanunits.h"
#include "kudossettings.h"
#include "retentionreport.h"

#include <QString>
#include <optional>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// Kudos retention as `tidemark-cli kudos retain` and the kudos workbench start it: a whole round, or one
// action (one entry one state on), or the plan of a dry run.
struct KudosRoundRequest {
    QString conninfo;
    QString archiveUrl; // "": the job runs without an archive and its alerts say so
    KudosSettings settings;
    Micros now = 0;
    bool allowClockAhead = false; // RetentionOptions::allowClockAhead
    bool oneStep = false;
    bool dryRun = false;
    QString metricsPath; // the textfile the run's RetentionMetrics are added to; "" none
    // With dryRun: the report's `units` carry every action with its rows and digest (a plan's units).
    bool collectUnits = false;
    // Apply: exactly these actions, in order (RetentionOptions::plan); the report's unitOutcomes say what
    // became of each, and planSha256 is recorded with the apply (kudos_retention_applies).
    std::optional<KudosPlanUnits> plan;
    QString planSha256;
};

// The retention job of both front ends: opens its own connection (the kudos schema is required) and the
// archive store, runs RetentionJob::step() or run() with the task's feedback (pause, resume and cancel take
// effect between actions and between the units of one), reports a TaskProgress before every action, adds
// the run's metrics to request.metricsPath, and returns the report with its warnings. An archive that cannot
// be reached (Error Connection) is no failure: the job runs without it, currency and dumps wait, and the
// report's alerts say why (exit 75); any other archive error (a malformed TIDEMARK_ARCHIVE_URL) fails the
// job before anything is done. Throws tidemark::Error.
class KudosRoundJob {
  public:
    static RetentionReport run(const KudosRoundRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::kudos
