#pragma once

#include "kudosvalues.h"

namespace tidemark::kudos {

// What a rollup of one source range folded, compared and moved.
struct RollupResult {
    qint64 rows = 0;               // statistic rows folded (quarantined ones excluded)
    qint64 rollupRows = 0;         // rows written to kudos_stat_rollups
    qint64 quarantined = 0;        // rows moved to kudos_stat_quarantine
    qint64 amountCents = 0;        // Σ amount of the folded rows
    QByteArray totalsJson() const; // for the catalog
};

// Folds the statistic rows of [lo, hi) of one partition into kudos_stat_rollups by UTC day and every
// attribution key, and moves the quarantined rows unchanged to kudos_stat_quarantine, inside the caller's
// transaction: it first deletes the rollup rows of that source (a retry never double counts), and compares
// Σ row_count, Σ amount, the extreme amounts and the newest created with the partition before it returns.
class StatRollup {
  public:
    explicit StatRollup(PgConnection& db);
    // Throws Error(Refused) when the range still holds an unapplied row, Error(Failed) when the totals
    // disagree (the caller rolls back).
    RollupResult rollUp(const QString& partition, Micros lo, Micros hi, Micros now);
    // The rows rollUp would write for [lo, hi) now (its groups by day and key of the non-quarantined rows),
    // writing nothing: what a forecast counts.
    qint64 rowsToWrite(const QString& partition, Micros lo, Micros hi);

  private:
    PgConnection& m_db;
};

} // namespace tidemark::kudos
