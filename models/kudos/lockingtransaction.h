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

} // namespace tidemark::kudos
