#pragma once

#include "kudospartitions.h"

#include <QMetaType>
#include <QString>
#include <QStringList>
#include <vector>

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
    QString line() const;      // "phase 2 kudos_ledger: build ..."
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

} // namespace tidemark::kudos

Q_DECLARE_METATYPE(tidemark::kudos::SwapStep)
