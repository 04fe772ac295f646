#pragma once

#include <QList>

namespace tidemark {
class PgConnection;
}

namespace tidemark::bench {

// Fills a migrated kudos database with 1,000 users and `ledgerRows` ledger rows (a quarter as many statistic
// rows) spread over the `days` (default 20 weeks) before an hour ago, ids in created order, one row in a
// thousand unapplied, then VACUUM ANALYZE: the heaps the swap and drop benchmarks work on.
void fillKudosHistory(PgConnection& db, long long ledgerRows, int days = 140);

// The benchmark's ledger row counts: its arguments, else 1 M and 10 M.
QList<long long> ledgerSizes(int argc, char** argv);

} // namespace tidemark::bench
