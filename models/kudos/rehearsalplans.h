#pragma once

#include "kudosrehearsal.h"

#include <vector>

namespace tidemark {
class PgConnection;
}

namespace tidemark::kudos {

// The application's reads of kudos_ledger as the rehearsal explains them (spec: "partition query plans"):
// the unapplied queue (the projector's ORDER BY id over the partial index: no created bound, every partition
// is read), a user's recent rows (the currency window of one user) and reconciliation's tail (the applied
// sums from the checkpoint boundary on). Bounds are written in as literals of `now`, so pruning shows in the
// plan itself. `when` is the plans' label ("before the swap", "after the swap").
std::vector<RehearsalQueryPlan> explainApplicationReads(PgConnection& db, Micros now,
                                                        const KudosSettings& settings, const QString& when);

} // namespace tidemark::kudos
