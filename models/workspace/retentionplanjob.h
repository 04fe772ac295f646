#pragma once

#include "retentionplan.h"
#include "workspaceconnections.h"
#include "workspacesettings.h"

namespace tidemark {
class TaskFeedback;

// What the plan is asked about: the datasets configured (an empty field: not configured), the settings,
// the clock, and whether the positions rows may be estimated (--quick, the home's first paint).
struct RetentionPlanRequest {
    WorkspaceConnections connections;
    WorkspaceSettings settings;
    Micros now = 0;
    Micros machineNow = 0; // this machine's clock, for the tracks clock check
    bool quick = false;
    // A plan to apply: each configured dataset's section also gets its connection, target, settings and
    // units (the dry runs collect their units); not with quick.
    bool withUnits = false;
    // A plan at a `now` ahead of the servers' clocks (a rehearsal on a copy): the dry runs' clock checks are
    // overridden, as `--allow-clock-ahead` overrides them for a run.
    bool allowClockAhead = false;
};

// `tidemark-cli plan` and the console's home (spec/operations.md, "The retention plan"). Read-only: each
// dataset's figures are its own dry run, computed by the same jobs — positions: ThinningStatus (slices
// pending) and a dry-run RoundJob without window and budget, recording no history (with quick, the
// PositionsForecastJob's sample instead, scaled to the fleet and marked estimated); kudos: a dry-run
// KudosRoundJob (the actions, incidents and alerts) and the KudosForecastJob (each action's rows and bytes,
// the tiers), the drills' coverage and the catalog's newest step; tracks: a dry-run TracksRetainJob and the
// TracksForecastJob (sizes against 2 GB), the last import. A dataset that fails (an unreachable server, a
// wrong schema, a clock ahead) fails its section only, with the error naming where; the others are
// computed. Progress per dataset; a cancel returns the plan with `cancelled` set. Never throws for a
// dataset's error.
class RetentionPlanJob {
  public:
    static RetentionPlan run(const RetentionPlanRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark
