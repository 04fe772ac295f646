#pragma once

#include "pgconnection.h"

#include <QString>
#include <functional>
#include <vector>

namespace tidemark {

// How a transaction starts: its isolation level, its lock and statement timeouts (0: the server's) and any
// further SET LOCAL statements (separated by ';'), all sent with BEGIN in one round trip.
struct PgTransactionOptions {
    QString isolation = QStringLiteral("READ COMMITTED"); // empty: the server's default_transaction_isolation
    int lockTimeoutMs = 0;
    long long statementTimeoutMs = 0;
    QString settings; // more "SET LOCAL ...;" statements, e.g. the thinning statement's planner settings
    // On a Citus coordinator: the transaction's SET LOCALs (the timeouts and `settings`) hold on the workers
    // its statements reach too (citus.propagate_set_commands), not only on the coordinator.
    bool onCitusWorkersToo = false;
};

// The one way Tidemark runs a PostgreSQL transaction: BEGIN with the options, then commit(); it is rolled
// back on any other exit (an exception, a return without commit()). Not copyable; one connection, one thread.
class PgTransaction {
  public:
    PgTransaction(PgConnection& db, const PgTransactionOptions& options = {});
    // BEGIN and `first` in one round trip (PgConnection::execPipelined), first's results in *results. When
    // one of them fails, the transaction is rolled back and the error thrown.
    PgTransaction(PgConnection& db, const PgTransactionOptions& options,
                  const std::vector<PgStatement>& first, std::vector<PgResult>* results);
    ~PgTransaction();
    PgTransaction(const PgTransaction&) = delete;
    PgTransaction& operator=(const PgTransaction&) = delete;

    void commit();
    // `last` and the COMMIT in one round trip (PgConnection::execPipelined), their results in order. When
    // one of them fails the COMMIT is skipped: this throws and the transaction is rolled back as on any
    // other exit.
    std::vector<PgResult> commitWith(const std::vector<PgStatement>& last);
    void rollback(); // never throws
    bool isOpen() const { return m_open; }

    // Runs `body` in a transaction and commits it. A lock conflict (SqlState::isLockConflict: a lock timeout
    // or a deadlock) rolls back and retries, up to `attempts` times with a growing pause so that writers
    // queued behind the failed attempt drain; then throws Error(Failed, 55P03) naming `what` and the server.
    // Any other error rolls back and propagates. Returns the attempts used.
    static int runWithRetry(PgConnection& db, const PgTransactionOptions& options, const QString& what,
                            const std::function<void(PgTransaction&)>& body, int attempts = 5);

  private:
    PgConnection& m_db;
    bool m_open = false;
};

// A session-level pg_try_advisory_lock held for the guard's life: held() is false when another session
// holds the key (the caller skips its work); the destructor releases it (quietly: a dead connection has
// released it already).
class AdvisoryLockGuard {
  public:
    AdvisoryLockGuard(PgConnection& db, long long key);
    ~AdvisoryLockGuard();
    AdvisoryLockGuard(const AdvisoryLockGuard&) = delete;
    AdvisoryLockGuard& operator=(const AdvisoryLockGuard&) = delete;

    bool held() const { return m_held; }
    void release();

  private:
    PgConnection& m_db;
    long long m_key;
    bool m_held = false;
};

} // namespace tidemark
