#pragma once

#include "kudossettings.h"
#include "reconciliation.h"

#include <QStringList>
#include <optional>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// A reconciliation of the kudos balances as `tidemark-cli kudos reconcile` and the kudos workbench start
// it: optionally rebuild the checkpoints, optionally take a snapshot, compare, optionally repair.
struct KudosReconcileOptions {
    bool rebuildCheckpoints = false;
    bool takeSnapshot = false;     // and reconcile against it
    std::optional<QUuid> snapshot; // default: the newest (ignored with takeSnapshot)
    bool apply = false;            // write the repairs
};

struct KudosReconcileRequest {
    QString conninfo;
    KudosSettings settings; // the currency window bounds the age of a snapshot a repair may use
    Micros now = 0;
    bool allowClockAhead = false;
    KudosReconcileOptions options;
};

struct KudosReconcileReport {
    std::optional<int> rebuiltGeneration; // the checkpoint generation after a rebuild
    std::optional<QUuid> takenSnapshot;
    ReconciliationReport reconciliation;
    std::optional<ReconciliationApplied> applied;
    // Stopped by the feedback between two units (the rebuild, the snapshot, the comparison, the repairs):
    // what the fields above hold was committed.
    bool cancelled = false;
    QStringList warnings;
};

// Opens its own connection, requires the kudos schema, checks the clock before anything is rebuilt, taken
// or written (Error Refused), then does the request's units in order with a checkpoint of the feedback
// between them. Throws tidemark::Error.
class KudosReconcileJob {
  public:
    static KudosReconcileReport run(const KudosReconcileRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::kudos
