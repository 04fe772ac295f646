#pragma once

#include "kudosvalues.h"

namespace tidemark::kudos {

struct CheckpointResult {
    qint64 rows = 0;         // ledger rows of the range
    qint64 users = 0;        // checkpoint rows written
    qint64 balanceCents = 0; // Σ applied non-escrow amounts, RECONCILIATION excluded
    qint64 escrowCents = 0;
    QByteArray totalsJson() const;
};

// Writes the per-user checkpoints at the upper bound of one ledger range: each user with rows in [lo, hi)
// gets their previous checkpoint plus the range's applied sums (RECONCILIATION excluded), and
// kudos_checkpoint_state moves to hi. Runs inside the caller's REPEATABLE READ transaction, which also
// proves that the range holds no unapplied row.
class LedgerCheckpoint {
  public:
    explicit LedgerCheckpoint(PgConnection& db);
    // Throws Error(Refused) when the range holds an unapplied row or does not start where the checkpoints
    // reach (a gap would lose sums).
    CheckpointResult checkpoint(const QString& partition, Micros lo, Micros hi);

    // Recomputes the checkpoints of every range still online (checkpointed, stated, exported or verified in
    // the catalog) from its rows and raises the generation, in one REPEATABLE READ transaction of its own;
    // the checkpoints of dropped ranges stay (their rows are gone). Snapshots taken before are refused by
    // reconciliation afterwards. Returns the new generation.
    int rebuild();

  private:
    PgConnection& m_db;
};

} // namespace tidemark::kudos
