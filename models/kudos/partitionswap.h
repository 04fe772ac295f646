#pragma once

#include "kudospartitions.h"
#include "kudossettings.h"

#include <QString>
#include <QStringList>
#include <functional>
#include <vector>

namespace tidemark {
class PgConnection;
class TaskFeedback;
} // namespace tidemark

namespace tidemark::kudos {

// One step of the swap: what it does in words and the SQL it runs. Phase 0 builds a BRIN index on created
// where the heap has none (kudos_stat_events), concurrently, so the parent mirrors it; phase 1 creates the
// partitioned parent
// (one transaction), phase 2 prepares the live heap without blocking writers (concurrent index build,
// NOT VALID check and its validation), phase 3 is the one transaction under the exclusive lock (both tables
// together), phase 4 refreshes the parents' statistics afterwards.
struct SwapStep {
    int phase = 0;
    QString table;
    QString description;
    QStringList sql;
    bool concurrently = false; // runs outside a transaction (CREATE/DROP INDEX CONCURRENTLY)
};

struct TableSwapPlan {
    QString table;
    bool alreadyPartitioned = false;
    bool parentExists = false;                 // the temporary parent of an earlier, unfinished run
    QString parentName;                        // the temporary name of the new parent, <table>_swap
    QString boundConstraint;                   // <table>_created_before_YYYYMMDD
    std::vector<KudosPartition> newPartitions; // created in phase 3: B up to now + partitionsAhead weeks
};

struct SwapPlan {
    Micros now = 0;
    Micros boundary = 0;       // B = firstBoundaryAfter(now): the upper bound of the first partition
    Micros currencyWindow = 0; // keys of transfers and repairs since now − window are backfilled
    std::vector<TableSwapPlan> tables;
    std::vector<SwapStep> steps;     // in the order run() executes them
    bool alreadyPartitioned() const; // both tables: nothing to do
    QStringList lines() const;       // the human-readable plan (--dry-run)
};

struct SwapReport {
    bool alreadyPartitioned = false; // nothing was done
    bool completed = false;          // the swap committed (this run or, with alreadyPartitioned, before)
    bool cancelled = false;          // stopped at a step boundary by the feedback; a re-run resumes
    int lastPhase = 0;               // the last phase that finished
    QStringList stepsDone;           // descriptions, in order
    // The exclusive lock of phase 3 for BOTH tables together (one transaction): from LOCK granted to
    // COMMIT returned, on a monotonic clock.
    double lockMillis = 0;
    // Each statement of the locked transaction (COMMIT last) with its duration: where the lock's time goes.
    struct TimedStatement {
        QString sql;
        double millis = 0;
    };
    std::vector<TimedStatement> lockStatements;
    int lockAttempts = 0;
    // Sequential scans of the old heaps counted inside the locked transaction (pg_stat_xact_user_tables,
    // read after LOCK and before COMMIT): 0 proves the attach and the index attach scanned nothing.
    qint64 seqScansUnderLock = -1;
    double indexBuildSeconds = 0; // phase 2: CREATE INDEX CONCURRENTLY, both tables
    double validateSeconds = 0;   // phase 2: VALIDATE CONSTRAINT, both tables
    double totalSeconds = 0;
    QStringList partitionsCreated; // right after the lock (ensurePartitionsAhead)
    qint64 keysBackfilled = 0;     // idempotency keys of the currency window, after the lock
};

struct SwapOptions {
    int stopAfterPhase = 4; // test hook: stop (as if the process died) once this phase is done
    std::function<void(const SwapStep&)> onStep; // called before each step (the CLI prints it)
};

// The kudos partition swap (spec/kudos.md, "The partition swap"): kudos_ledger and kudos_stat_events become
// range-partitioned by created, the old heaps their first partitions, without copying rows and with a
// short exclusive lock. Resumable: plan() reads where a previous run stopped.
class PartitionSwap {
  public:
    PartitionSwap(PgConnection& db, KudosSettings settings);

    // Reads the catalog and changes nothing. Error(Schema) when a table is missing, Error(Refused) when a
    // heap has a unique index that cannot exist on the partitioned table.
    SwapPlan plan(Micros now);
    // Executes `plan` (phase 3 is re-planned from the catalog after phases 1 and 2, at plan.now).
    SwapReport run(const SwapPlan& plan, TaskFeedback* feedback = nullptr, const SwapOptions& options = {});

  private:
    void runLockedPhase(const SwapPlan& plan, SwapReport& report);
    PgConnection& m_db;
    KudosSettings m_settings;
};

} // namespace tidemark::kudos
