#pragma once

#include "error.h"
#include "kudosplanunits.h"
#include "kudossettings.h"
#include "pgtransaction.h"
#include "retentionfaultpoint.h"
#include "retentionreport.h"

#include <functional>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}
namespace tidemark::archive {
class ArchiveStore;
struct ArchiveManifest;
} // namespace tidemark::archive

namespace tidemark::kudos {

// The alert an action's error raises (an unreachable archive, a tier over budget, unapplied rows, ...).
RetentionAlert::Cause alertCauseOf(const Error& error, const RetentionAction& action);

// What a whole run would do (RetentionJob::planRun): its actions in order, and where a dataset would stop.
struct RetentionRunPlan {
    std::vector<RetentionAction> actions;
    std::vector<RetentionAlert> stops; // one per stopped dataset: the action refused and why
};

struct RetentionOptions {
    bool dryRun = false; // plan only: nothing is written, no partition is created
    // Run although `now` is more than ClockCheck::kMaxClockAhead later than the server's now() (a rehearsal
    // on a copy). Key expiry still never uses a clock ahead of the server's.
    bool allowClockAhead = false;
    // Called around the commit of every action (and between a drop's detach and its DROP); a test throws from
    // it to simulate a crash.
    std::function<void(const RetentionAction&, FaultPoint)> onCommit;
    // A dry run: the report's `units` carry each action with its rows and the digest of the rows it reads.
    bool collectUnits = false;
    // Apply: exactly these actions, in their order, each re-checked after its locks in the transaction that
    // changes it (its catalog state, its rows' digest, its eligibility by the server's clock); nothing else.
    std::optional<KudosPlanUnits> plan;
    QString planSha256; // recorded in kudos_retention_applies with what became of the actions
};

// The kudos retention job of spec/kudos.md. Under its own advisory lock it keeps partitions ahead, adds
// catalog rows, expires idempotency keys, reports incidents, and moves eligible catalog entries one state
// at a time, per dataset in ascending order: statistics pending → rolled_up → dumped | dump_failed →
// dropped; currency pending → checkpointed → stated → exported → verified → dropped. Each state change
// commits with its work; a drop is decided under its own lock (PartitionDrop). The archive store may be null
// (unreachable): currency retention and statistic dumps wait then, rollups go on. The job's clock (`now`)
// is compared with the server's first: more than 5 minutes ahead is refused (Error Refused, nothing done)
// unless RetentionOptions::allowClockAhead.
class RetentionJob {
  public:
    RetentionJob(PgConnection& db, archive::ArchiveStore* store, KudosSettings settings,
                 RetentionOptions options = {});
    ~RetentionJob();

    // `storeProblem`: why the store is null (shown in the alert), when it is.
    void setStoreProblem(const QString& problem) { m_storeProblem = problem; }

    // One action (one entry one state forward) and the housekeeping before it. The feedback pauses and
    // cancels before the action and between its units (each object verified before a drop).
    RetentionReport step(Micros now, TaskFeedback& feedback);
    // Actions until nothing eligible is left, every dataset stopped, or the feedback cancels (it pauses
    // between actions and between the units of one).
    RetentionReport run(Micros now, TaskFeedback& feedback);
    // Without an operator (tests, benchmarks): nothing pauses or cancels.
    RetentionReport step(Micros now);
    RetentionReport run(Micros now);

    // The unapplied rows older than each dataset's window, by partition, and the open incidents recorded by
    // drops (what housekeeping reports; the console reads it without running the job).
    static std::vector<RetentionIncident> incidents(PgConnection& db, const KudosSettings& settings,
                                                    Micros now);

    // Pure: every action a run at `now` would take, in order, on `entries` (the catalog as the housekeeping
    // leaves it: withMissing()), with the archive reachable and each action succeeding unless `refused` says
    // why it would not (then its dataset stops there, as an alert stops it in a run). A dry run lists the
    // first of these; the kudos forecast shows all of them.
    // `archiveReachable` and `alerts` (those the run starts with): as the run sees them.
    static RetentionRunPlan planRun(std::vector<CatalogEntry> entries, const KudosSettings& settings,
                                    Micros now,
                                    const std::function<QString(const RetentionAction&)>& refused = {},
                                    bool archiveReachable = true,
                                    const std::vector<RetentionAlert>& alerts = {});

    static constexpr long long kAdvisoryLock = 0x54444B5544524554LL; // "TDKUDRET"

  private:
    struct Lane;
    RetentionReport work(Micros now, int maxActions, TaskFeedback& feedback);
    // Partitions ahead, key expiry, catalog rows, incidents; returns the catalog rows that were missing
    // (added, or in a dry run only counted).
    std::vector<CatalogEntry> housekeeping(Micros now, RetentionReport& report);
    std::vector<RetentionAction> plan(const std::vector<CatalogEntry>& entries, Micros now,
                                      const std::vector<RetentionAlert>& alerts) const;
    // The dry run: the whole run's actions (planRun) where unapplied rows would stop a dataset, and with
    // collectUnits their rows and digests.
    void planDryRun(const std::vector<CatalogEntry>& entries, Micros now, int maxActions,
                    TaskFeedback& feedback, RetentionReport& report);
    QString unappliedRefusal(const RetentionAction& action);
    // Apply (retentionapply.cpp): the plan's actions, one outcome each; then the apply's row.
    void applyPlan(Micros now, TaskFeedback& feedback, RetentionReport& report);
    PlanUnitOutcome applyOne(const PlannedAction& planned, Micros now, Micros clock, TaskFeedback& feedback,
                             RetentionReport& report);
    void recordApply(RetentionReport& report); // a failure to record is a warning
    // Inside the action's transaction, after its locks: its catalog row is still in the state the action
    // starts from and its rows' digest is the plan's; else throws StalePlanAction. Nothing outside an apply.
    void recheckPlanned(const RetentionAction& action);
    // The same in a transaction of its own, before an action whose work (an upload, a read-back) is outside
    // its transaction: what changes during the upload is caught by the verify and the drop's own check.
    void recheckPlannedAlone(const RetentionAction& action);
    RetentionStepResult execute(const RetentionAction& action, Micros now, TaskFeedback& feedback);
    RetentionStepResult rollUp(const RetentionAction& action, Micros now);
    RetentionStepResult dump(const RetentionAction& action, Micros now, TaskFeedback& feedback);
    RetentionStepResult checkpoint(const RetentionAction& action);
    RetentionStepResult state(const RetentionAction& action);
    RetentionStepResult exportCurrency(const RetentionAction& action, Micros now, TaskFeedback& feedback);
    RetentionStepResult verify(const RetentionAction& action, TaskFeedback& feedback);
    RetentionStepResult drop(const RetentionAction& action, TaskFeedback& feedback);
    void commit(const RetentionAction& action);
    void notify(const RetentionAction& action, FaultPoint point); // RetentionOptions::onCommit
    RetentionStepResult finish(const RetentionAction& action, const CatalogEntry& moved, qint64 rows,
                               const QString& detail);
    std::function<void(qint64)> budgetCheck(RetentionDataset dataset) const;
    // Verifies the entry's object against its manifest (and with `online`, against the partition's rows);
    // any problem refuses. Returns the manifest.
    archive::ArchiveManifest checkArchived(const CatalogEntry& entry, bool online, TaskFeedback& feedback,
                                           qint64* rows = nullptr);
    void checkClock(Micros now, RetentionReport& report);
    void beginTransaction(const char* isolation); // with the settings' lock_timeout; commit() ends it

    PgConnection& m_db;
    archive::ArchiveStore* m_store;
    KudosSettings m_settings;
    RetentionOptions m_options;
    QString m_storeProblem;
    std::optional<PgTransaction> m_transaction; // the action's, from beginTransaction() to commit()
    double m_dropLockSeconds = 0;
    double m_dropCheckSeconds = 0;
    const PlannedAction* m_planned = nullptr; // the apply's action in flight
};

} // namespace tidemark::kudos
