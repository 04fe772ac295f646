#pragma once

#include "kudossettings.h"
#include "retentioncatalog.h"

#include <QStringList>
#include <functional>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}
namespace tidemark::archive {
class ArchiveStore;
}

namespace tidemark::kudos {

// One transition of one catalog entry: roll up, dump, checkpoint, state, export, verify or drop.
struct RetentionAction {
    CatalogEntry entry; // as it was before the action
    QString to;         // the state the action moves it to ("dropped" for a drop)
    QString verb() const;
};

// An action that ran: what it moved, what it found, how long it took.
struct RetentionStepResult {
    RetentionAction action;
    QString state;    // where the entry ended up (e.g. dump_failed instead of dumped)
    qint64 rows = 0;  // rows folded, checkpointed, stated, exported, verified or dropped
    qint64 bytes = 0; // archive object size, when there is one
    double seconds = 0;
    QString detail;
};

// An unapplied row older than the window: the projector should have consumed it long ago.
struct RetentionIncident {
    RetentionDataset dataset = RetentionDataset::Currency;
    QString partition;
    qint64 rows = 0;
    Micros oldest = 0;
};

// Why a dataset's retention stopped in this run (it resumes by itself on a later run once the cause is gone).
struct RetentionAlert {
    RetentionDataset dataset = RetentionDataset::Currency;
    enum class Cause {
        ArchiveUnavailable,
        OverBudget,
        VerificationFailed,
        UnappliedRows,
        Failed
    } cause = Cause::Failed;
    QString message;
    bool retryable() const { return cause == Cause::ArchiveUnavailable; }
};

struct RetentionReport {
    std::vector<RetentionStepResult> done;
    std::vector<RetentionAction> remaining; // what is still to do now (the plan of a dry run)
    std::vector<RetentionIncident> incidents;
    std::vector<RetentionAlert> alerts;
    QStringList partitionsCreated;
    int catalogRowsAdded = 0;
    qint64 keysExpired = 0;
    bool lockBusy = false; // another job holds the retention lock; nothing was done
    bool cancelled = false;
};

// Where a test makes the process "die": just before or just after the commit of an action.
enum class FaultPoint { BeforeCommit, AfterCommit };

struct RetentionOptions {
    bool dryRun = false; // plan only: nothing is written, no partition is created
    // Called around the commit of every action; a test throws from it to simulate a crash.
    std::function<void(const RetentionAction&, FaultPoint)> onCommit;
};

// The kudos retention job of spec/kudos.md. Under its own advisory lock it keeps partitions ahead, adds
// catalog rows, expires idempotency keys, reports incidents, and moves eligible catalog entries one state
// at a time, per dataset in ascending order: statistics pending → rolled_up → dumped | dump_failed →
// dropped; currency pending → checkpointed → stated → exported → verified → dropped. Each state change
// commits with its work. The archive store may be null (unreachable): currency retention and statistic
// dumps wait then, rollups go on.
class RetentionJob {
  public:
    RetentionJob(PgConnection& db, archive::ArchiveStore* store, KudosSettings settings,
                 RetentionOptions options = {});
    ~RetentionJob();

    // `storeProblem`: why the store is null (shown in the alert), when it is.
    void setStoreProblem(const QString& problem) { m_storeProblem = problem; }

    // One action (one entry one state forward) and the housekeeping before it.
    RetentionReport step(Micros now);
    // Actions until nothing eligible is left, every dataset stopped, or the feedback cancels (it pauses
    // between actions).
    RetentionReport run(Micros now, TaskFeedback* feedback = nullptr);

    // The unapplied rows older than each dataset's window, by partition (what housekeeping reports; the
    // console reads it without running the job).
    static std::vector<RetentionIncident> incidents(PgConnection& db, const KudosSettings& settings,
                                                    Micros now);

    static constexpr long long kAdvisoryLock = 0x54444B5544524554LL; // "TDKUDRET"

  private:
    struct Lane;
    RetentionReport work(Micros now, int maxActions, TaskFeedback* feedback);
    // Partitions ahead, key expiry, catalog rows, incidents; returns the catalog rows that were missing
    // (added, or in a dry run only counted).
    std::vector<CatalogEntry> housekeeping(Micros now, RetentionReport& report);
    std::vector<RetentionAction> plan(const std::vector<CatalogEntry>& entries, Micros now,
                                      const std::vector<RetentionAlert>& alerts) const;
    RetentionStepResult execute(const RetentionAction& action, Micros now);
    RetentionStepResult rollUp(const RetentionAction& action, Micros now);
    RetentionStepResult dump(const RetentionAction& action, Micros now);
    RetentionStepResult checkpoint(const RetentionAction& action);
    RetentionStepResult state(const RetentionAction& action);
    RetentionStepResult exportCurrency(const RetentionAction& action, Micros now);
    RetentionStepResult verify(const RetentionAction& action);
    RetentionStepResult drop(const RetentionAction& action);
    void commit(const RetentionAction& action);
    void notify(const RetentionAction& action, FaultPoint point); // RetentionOptions::onCommit
    RetentionStepResult finish(const RetentionAction& action, const CatalogEntry& moved, qint64 rows,
                               const QString& detail);
    std::function<void(qint64)> budgetCheck(RetentionDataset dataset) const;
    qint64 checkArchived(const CatalogEntry& entry);
    Micros cutoff(RetentionDataset dataset, Micros now) const;
    void beginTransaction(const char* isolation);

    PgConnection& m_db;
    archive::ArchiveStore* m_store;
    KudosSettings m_settings;
    RetentionOptions m_options;
    QString m_storeProblem;
};

} // namespace tidemark::kudos
