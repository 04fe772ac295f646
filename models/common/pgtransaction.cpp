#include "pgtransaction.h"

#include "error.h"
#include "pgconnection.h"
#include "sqlstate.h"

#include <chrono>
#include <thread>

namespace tidemark {

namespace {

std::vector<PgStatement> beginStatements(const PgTransactionOptions& options) {
    std::vector<PgStatement> statements;
    statements.emplace_back(options.isolation.isEmpty()
                                ? QStringLiteral("BEGIN")
                                : QStringLiteral("BEGIN ISOLATION LEVEL %1").arg(options.isolation));
    if (options.onCitusWorkersToo)
        statements.emplace_back(QStringLiteral("SET LOCAL citus.propagate_set_commands = 'local'"));
    if (options.lockTimeoutMs > 0)
        statements.emplace_back(QStringLiteral("SET LOCAL lock_timeout = %1").arg(options.lockTimeoutMs));
    if (options.statementTimeoutMs > 0)
        statements.emplace_back(
            QStringLiteral("SET LOCAL statement_timeout = %1").arg(options.statementTimeoutMs));
    for (const QString& setting : options.settings.split(QLatin1Char(';'), Qt::SkipEmptyParts))
        if (!setting.trimmed().isEmpty())
            statements.emplace_back(setting.trimmed());
    return statements;
}

} // namespace

PgTransaction::PgTransaction(PgConnection& db, const PgTransactionOptions& options)
    : PgTransaction(db, options, {}, nullptr) {}

PgTransaction::PgTransaction(PgConnection& db, const PgTransactionOptions& options,
                             const std::vector<PgStatement>& first, std::vector<PgResult>* results)
    : m_db(db) {
    std::vector<PgStatement> statements = beginStatements(options);
    const size_t begin = statements.size();
    statements.insert(statements.end(), first.begin(), first.end());
    m_open = true;
    try {
        std::vector<PgResult> all = m_db.execPipelined(statements);
        if (results)
            results->assign(std::make_move_iterator(all.begin() + static_cast<std::ptrdiff_t>(begin)),
                            std::make_move_iterator(all.end()));
    } catch (...) {
        rollback();
        throw;
    }
}

PgTransaction::~PgTransaction() {
    if (m_open)
        m_db.rollbackQuietly();
}

void PgTransaction::commit() {
    m_db.exec(QStringLiteral("COMMIT"));
    m_open = false;
}

std::vector<PgResult> PgTransaction::commitWith(const std::vector<PgStatement>& last) {
    std::vector<PgStatement> statements = last;
    statements.emplace_back(QStringLiteral("COMMIT"));
    std::vector<PgResult> results = m_db.execPipelined(statements);
    m_open = false;
    results.pop_back();
    return results;
}

void PgTransaction::rollback() {
    m_open = false;
    m_db.rollbackQuietly();
}

int PgTransaction::runWithRetry(PgConnection& db, const PgTransactionOptions& options, const QString& what,
                                const std::function<void(PgTransaction&)>& body, int attempts) {
    for (int attempt = 1;; ++attempt) {
        try {
            PgTransaction transaction(db, options);
            body(transaction);
            if (transaction.isOpen())
                transaction.commit();
            return attempt;
        } catch (const Error& e) {
            if (!SqlState::isLockConflict(e.sqlState()))
                throw;
            if (attempt >= attempts)
                throw Error(Error::Kind::Failed,
                            QStringLiteral("%1: could not take the locks within %2 s in %3 attempts on %4 "
                                           "(a long transaction or busy writers hold them); nothing of this "
                                           "step was changed, run it again later")
                                .arg(what)
                                .arg(options.lockTimeoutMs / 1000.0)
                                .arg(attempts)
                                .arg(db.describe()),
                            SqlState::kLockNotAvailable);
            std::this_thread::sleep_for(std::chrono::milliseconds(200 * attempt));
        }
    }
}

AdvisoryLockGuard::AdvisoryLockGuard(PgConnection& db, long long key) : m_db(db), m_key(key) {
    m_held = m_db.tryAdvisoryLock(m_key);
}

AdvisoryLockGuard::~AdvisoryLockGuard() {
    release();
}

void AdvisoryLockGuard::release() {
    if (!m_held)
        return;
    m_held = false;
    try {
        m_db.advisoryUnlock(m_key);
    } catch (...) {
        // A dead connection has released it already.
    }
}

} // namespace tidemark
