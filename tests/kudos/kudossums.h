#pragma once

#include <QString>
#include <map>
#include <utility>

namespace tidemark {
class PgConnection;
}

namespace tidemark::test {

// Σ amount (cents) and rows per key, computed the plain way, to compare what retention keeps with what was
// there before it.
using Sums = std::map<QString, std::pair<qint64, qint64>>;

// Per "user/spendable" and "user/escrow": Σ amount of the applied non-RECONCILIATION ledger rows, all time
// (every row, no checkpoint; rows 0).
Sums allTimeCurrency(PgConnection& db);
// The same from kudos_applied_totals() (the latest checkpoint plus the online tail); zero sums left out.
Sums checkpointPlusTail(PgConnection& db);
Sums withoutZeros(Sums sums);
// Per statistic target (user or worker): Σ amount and rows wherever the rows are now: online (outside the
// ranges already rolled up, whose rows stay online until the drop), folded into rollups, or in quarantine.
Sums statisticTotals(PgConnection& db);
// Marks every ledger and statistic row applied (as the projector would).
void applyEverything(PgConnection& db);

} // namespace tidemark::test
