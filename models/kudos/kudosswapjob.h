#pragma once

#include "kudossettings.h"
#include "partitionswapreport.h"

#include <QString>
#include <QStringList>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// The partition swap as `tidemark-cli kudos swap` and the kudos workbench start it.
struct KudosSwapRequest {
    QString conninfo;
    KudosSettings settings;
    Micros now = 0;
    bool dryRun = false; // plan only
};

struct KudosSwapReport {
    SwapPlan plan;   // what the run found and was to do
    SwapReport swap; // what it did (empty for a dry run); swap.cancelled: stopped between two steps
    bool dryRun = false;
    // The exclusive lock was not granted within its attempts (55P03): nothing of phase 3 committed, the
    // earlier phases stay, a later run resumes.
    bool lockBusy = false;
    QStringList warnings; // what a front end must show (why the lock was not granted)

    bool cancelled() const { return swap.cancelled; }
    // The exit status as the CLI exits: 0 done (or planned, or cancelled between steps: a re-run resumes),
    // 75 the lock was busy, 1 the swap did not complete.
    int exitCode() const;
};

// Opens its own connection, requires the kudos schema, plans the swap at request.now and, unless a dry run,
// runs it (PartitionSwap::run: pause and cancel between steps, a TaskProgress whose detail is the SwapStep
// about to run). Throws tidemark::Error for everything but a busy lock.
class KudosSwapJob {
  public:
    static KudosSwapReport run(const KudosSwapRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::kudos
