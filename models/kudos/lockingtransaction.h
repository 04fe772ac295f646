#pragma once

#include "pgtransaction.h"

#include <QString>
#include <QStringList>

namespace tidemark {
class PgConnection;
}

namespace tidemark::kudos {

// The options of the kudos DDL and retention transactions: `isolation`, lock_timeout = lockTimeoutSeconds
// (KUDOS_LOCK_TIMEOUT_SECONDS). Run them with PgTransaction (runWithRetry for a retry of lock conflicts).
PgTransactionOptions lockTimeoutOptions(int lockTimeoutSeconds,
                                        const QString& isolation = QStringLiteral("READ COMMITTED"));

// Takes `table` in `mode`, waiting (under the transaction's lock_timeout) while holding nothing else of the
// DDL, then the tables its foreign keys reference in SHARE ROW EXCLUSIVE mode without waiting: a busy one
// throws 55P03 and the attempt is retried. DDL that waits for a second lock while it holds the first could
// deadlock with a writer that holds the second and wants the first, and the deadlock detector may pick the
// writer; this order never waits while holding.
void lockForPartitionDdl(PgConnection& db, const QString& table, const QString& mode);

// The tables that `table`'s foreign keys reference (regclass text, already quoted where it must be).
QStringList referencedTables(PgConnection& db, const QString& table);

// Takes `tables` in `mode` inside the caller's transaction in attempts that wait at most `stepMillis` each
// (a savepoint undoes a failed one), for up to `totalSeconds`; then throws Error(Failed, 55P03) naming
// `what`. Readers and writers queue behind a lock request while it waits, so short waits hold them up for at
// most one step, where one long wait would hold them for the whole timeout (dropping a table with a foreign
// key takes its referenced table, e.g. users, in ACCESS EXCLUSIVE mode).
void lockInShortWaits(PgConnection& db, const QStringList& tables, const QString& mode, int totalSeconds,
                      const QString& what, int stepMillis = 50);

} // namespace tidemark::kudos
