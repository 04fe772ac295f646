#pragma once

#include <QString>
#include <functional>

namespace tidemark {
class PgConnection;
}

namespace tidemark::kudos {

// Runs `body` in one transaction with lock_timeout = lockTimeoutSeconds. A lock timeout (55P03) or a
// deadlock (40P01) rolls back and retries, up to `attempts` times with a growing pause; then throws
// Error(Failed, sqlState 55P03) naming `what`. Any other error rolls back and propagates. Returns the
// attempts used.
int runLockingTransaction(PgConnection& db, int lockTimeoutSeconds, const QString& what,
                          const std::function<void()>& body, int attempts = 5);

// Takes `table` in `mode`, waiting (under the transaction's lock_timeout) while holding nothing else of the
// DDL, then the tables its foreign keys reference in SHARE ROW EXCLUSIVE mode without waiting: a busy one
// throws 55P03 and the attempt is retried. DDL that waits for a second lock while it holds the first could
// deadlock with a writer that holds the second and wants the first, and the deadlock detector may pick the
// writer; this order never waits while holding.
void lockForPartitionDdl(PgConnection& db, const QString& table, const QString& mode);

} // namespace tidemark::kudos
