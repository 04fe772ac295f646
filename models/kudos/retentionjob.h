#pragma once

#include "kudossettings.h"
#include "retentioncatalog.h"
#include "retentionfaultpoint.h"

#include <QStringList>
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

// Something a person should look at: unapplied rows older than the window (the projector should have
// consumed them long ago; found anew on every run), or a range whose rows, under the drop's lock, differed
// from what replaced them (recorded in kudos_retention_incidents, open until the range is dropped).
struct RetentionIncident {
    enum class Kind { UnappliedRows, ReplacementMismatch } kind = Kind::UnappliedRows;
    RetentionDataset dataset = RetentionDataset::Currency;
    QString partition;
    qint64 rows = 0;   // unapplied rows
    Micros oldest = 0; // the oldest unapplied row
    // ReplacementMismatch: the range, what differed, when it was first recorded.
    Micros lo = 0;
    Micros hi = 0;
    QString detail;
    QByteArray difference; // jsonb text
    Micros recordedAt = 0;
};

// Why a dataset's retention stopped in this run (it resumes by itself on a later run once the cause is gone).
struct RetentionAlert {
    RetentionDataset dataset = RetentionDataset::Currency;
    enum class Cause {
        ArchiveUnavailable,
        OverBudget,
        VerificationFailed,
        UnappliedRows,
        ReplacementMismatch,
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
    Micros serverNow = 0;         // the database server's now() when the job began
    double clockAheadSeconds = 0; // how far the job's clock was ahead of it (negative: behind)
    bool clockOverride = false;   // more than 5 minutes ahead, run anyway (RetentionOptions::allowClockAhead)
    double dropLockSeconds = 0;   // the longest parent lock a drop held (detach: granted → commit)
    double dropCheckSeconds = 0;  // the drops' comparisons of their rows with the replacements, in all
};

struct RetentionOptions {
    bool dryRun = false; // plan only: nothing is written, no partition is created
    // Run although `now` is more than ClockCheck::kMaxClockAhead later than the server's now() (a rehearsal
    // on a copy). Key expiry still never uses a clock ahead of the server's.
    bool allowClockAhead = false;
    // Called around the commit of every action (and between a drop's detach and its DROP); a test throws from
    // it to simulate a crash.
    std::function<void(const RetentionAction&, FaultPoint)> onCommit;
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

    // One action (one entry one state forward) and the housekeeping before it.
    RetentionReport step(Micros now);
    // Actions until nothing eligible is left, every dataset stopped, or the feedback cancels (it pauses
    // between actions).
    RetentionReport run(Micros now, TaskFeedback* feedback = nullptr);

    // The unapplied rows older than each dataset's window, by partition, and the open incidents recorded by
    // drops (what housekeeping reports; the console reads it without running the job).
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
    // Verifies the entry's object against its manifest (and with `online`, against the partition's rows);
    // any problem refuses. Returns the manifest.
    archive::ArchiveManifest checkArchived(const CatalogEntry& entry, bool online, qint64* rows = nullptr);
    void checkClock(Micros now, RetentionReport& report);
    Micros cutoff(RetentionDataset dataset, Micros now) const;
    void beginTransaction(const char* isolation);

    PgConnection& m_db;
    archive::ArchiveStore* m_store;
    KudosSettings m_settings;
    RetentionOptions m_options;
    QString m_storeProblem;
    double m_dropLockSeconds = 0;
    double m_dropCheckSeconds = 0;
};

} // namespace tidemark::kudos
