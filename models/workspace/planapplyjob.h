#pragma once

#include "planunitoutcome.h"
#include "timestamp.h"
#include "workspaceconnections.h"
#include "workspacedataset.h"
#include "workspacesettings.h"

#include <QJsonObject>
#include <QStringList>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;

// What `tidemark-cli apply FILE` (and the console's Open plan…) asks for: a plan read by planfile::read,
// where to apply it (an empty field: where the plan was made, from its sections' "connection"; a field given
// must be the same target), the settings in force, and the limits of a round.
struct PlanApplyRequest {
    QJsonObject plan;
    WorkspaceConnections connections;
    WorkspaceSettings settings;
    std::optional<WorkspaceDataset> only; // --dataset
    bool ignoreWindow = false;
    std::optional<int> budgetSeconds; // within positions::RoundRequest::kBudget
    bool allowClockAhead = false;
    int jobs = 1; // within positions::RoundRequest::kJobs
    QString metricsFile;
    // This machine's clock; every age is decided by the server's at apply time. With allowClockAhead the jobs
    // run at the plan's own `now` (a rehearsal planned ahead of the server), recorded as for a round.
    Micros now = 0;
};

// One dataset's part of an apply: where it ran, what each unit came to, the job's warnings and exit code.
struct PlanApplySection {
    WorkspaceDataset dataset = WorkspaceDataset::Positions;
    QString where;
    std::vector<PlanUnitOutcome> outcomes;
    QStringList warnings;
    int exitCode = 0; // the dataset job's: 1 any stale (first), 75 any left, else 0

    long long count(PlanUnitOutcome::Status status) const;
};

struct PlanApplyReport {
    QString planSha256;
    QString refusal; // the plan was refused whole (nothing was changed): why
    std::vector<PlanApplySection> sections;
    bool cancelled = false;

    // 3 refused; 75 a unit left (window, budget, lock, stop); 1 a unit stale or a dataset failed; 0 else.
    int exitCode() const;
    QJsonObject toJson() const;
    QString text() const;
};

// Applies a plan (spec/operations.md, "Plans that are applied exactly"). First, for every dataset it is to
// apply, and before anything changes: the dataset's units must be in the plan, the settings in force must
// give the plan's `settings`, the place must be the plan's `target`, and the plan must not have expired by
// that place's clock (a file's: this machine's); any failure refuses the whole plan (`refusal`). Then each
// dataset's own job (RoundJob, KudosRoundJob, TracksRetainJob) runs exactly its units, recorded as a round
// with the plan's sha256. Throws Error for what fails outside the datasets' units: a place that cannot be
// reached during the checks (Connection, nothing changed), a dataset job's failure.
class PlanApplyJob {
  public:
    static PlanApplyReport run(const PlanApplyRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark
