#pragma once

#include "timestamp.h"

#include <QString>
#include <QUuid>
#include <optional>
#include <vector>

namespace tidemark {
class PgConnection;
}

namespace tidemark::kudos {

// The balance snapshot a reconciliation compares against.
struct ReconciliationSnapshot {
    QUuid id;
    Micros created = 0;
    int generation = 0; // the checkpoint generation it was taken under
};

// A user whose balances differ from what the snapshot and the ledger say. Amounts in cents.
struct ReconciliationDrift {
    int userId = 0;
    qint64 expectedBalance = 0;
    qint64 actualBalance = 0; // users.kudos
    qint64 expectedEscrow = 0;
    qint64 actualEscrow = 0; // users.evaluating_kudos
    qint64 drift = 0;        // |expected - actual| of balance plus of escrow
};

struct ReconciliationReport {
    // Empty when the database holds no snapshot at all: then nothing is checked (take one with
    // Reconciliation::takeSnapshot, and reconcile against it later).
    std::optional<ReconciliationSnapshot> snapshot;
    Micros snapshotAge = 0;                   // `now` of run() minus the snapshot's created
    std::optional<Micros> checkpointBoundary; // empty: no checkpoint yet, the whole ledger is the tail
    int checkpointGeneration = 0;
    std::vector<ReconciliationDrift> drifting; // by user id
    qint64 usersChecked = 0;                   // users in the snapshot that still exist
    qint64 usersDrifting = 0;
    qint64 totalDrift = 0; // cents
};

struct ReconciliationApplied {
    qint64 repaired = 0;        // RECONCILIATION rows and a key written
    qint64 alreadyRepaired = 0; // the user's key for this snapshot existed; nothing written
    qint64 noDrift = 0;         // the drift was gone by the time of the repair
};

// Reconciliation of the kudos balances (reference/kudos-ledger.md section 5, spec/kudos.md "Currency"):
// expected = snapshot balance + applied totals now - the snapshot's applied totals, where the applied totals
// are the latest checkpoint plus the online tail (kudos_applied_totals). Read-only unless apply() is called;
// repairs are compensating RECONCILIATION rows written by kudos_repair, once per snapshot and user. Each
// method's `now` is first compared with the server's now(): more than 5 minutes ahead is refused (Error
// Refused) unless `allowClockAhead`.
class Reconciliation {
  public:
    explicit Reconciliation(PgConnection& db, bool allowClockAhead = false);

    // Compares every user of the snapshot (the newest when `snapshotId` is empty) in one REPEATABLE READ
    // transaction. Refuses (Error Refused) an unknown snapshot and one taken under an older checkpoint
    // generation than the current one (checkpoints rebuilt since), naming both generations.
    ReconciliationReport run(std::optional<QUuid> snapshotId, Micros now);
    // Repairs the report's drifting users (kudos_repair, one transaction each). Refuses a report without a
    // snapshot, a snapshot created more than `keyLifetime` before `now` (its keys may be gone) and an
    // old-generation snapshot.
    ReconciliationApplied apply(const ReconciliationReport& report, Micros now, Micros keyLifetime);
    // A snapshot of every user (kudos_take_snapshot) in REPEATABLE READ; returns its snapshot id.
    QUuid takeSnapshot(Micros now);

    // The clock check of every method, once per instance (the CLI calls it before a checkpoint rebuild).
    void checkClock(Micros now);

  private:
    PgConnection& m_db;
    bool m_allowClockAhead = false;
    bool m_clockChecked = false;
};

} // namespace tidemark::kudos
