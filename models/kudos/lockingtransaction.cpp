#include "lockingtransaction.h"

#include "error.h"
#include "pgconnection.h"
#include "sqlstate.h"

#include <algorithm>

namespace tidemark::kudos {

PgTransactionOptions lockTimeoutOptions(int lockTimeoutSeconds, const QString& isolation) {
    PgTransactionOptions options;
    options.isolation = isolation;
    options.lockTimeoutMs = lockTimeoutSeconds * 1000;
    return options;
}

QStringList referencedTables(PgConnection& db, const QString& table) {
    const PgResult referenced = db.exec(
        QStringLiteral("SELECT DISTINCT confrelid::regclass::text FROM pg_constraint"
                       " WHERE conrelid = to_regclass($1) AND contype = 'f' AND confrelid <> conrelid"),
        {table});
    QStringList names;
    for (int i = 0; i < referenced.rows(); ++i)
        names << referenced.text(i, 0); // regclass text is already quoted where it must be
    return names;
}

void lockInShortWaits(PgConnection& db, const QStringList& tables, const QString& mode, int totalSeconds,
                      const QString& what, int stepMillis) {
    if (tables.isEmpty())
        return;
    const int attempts = std::max(1, totalSeconds * 1000 / stepMillis);
    const QString lock =
        QStringLiteral("LOCK TABLE %1 IN %2 MODE").arg(tables.join(QStringLiteral(", ")), mode);
    const PgResult before = db.exec(QStringLiteral("SELECT current_setting('lock_timeout')"));
    db.exec(QStringLiteral("SELECT set_config('lock_timeout', $1, true)"),
            {QStringLiteral("%1ms").arg(stepMillis)});
    for (int attempt = 1;; ++attempt) {
        db.exec(QStringLiteral("SAVEPOINT tidemark_short_wait"));
        try {
            db.exec(lock);
            db.exec(QStringLiteral("RELEASE SAVEPOINT tidemark_short_wait"));
            break;
        } catch (const Error& e) {
            if (!SqlState::isLockConflict(e.sqlState()))
                throw;
            db.exec(QStringLiteral("ROLLBACK TO SAVEPOINT tidemark_short_wait"));
            if (attempt >= attempts)
                throw Error(Error::Kind::Failed,
                            QStringLiteral("%1: could not take %2 within %3 s (busy readers or writers hold "
                                           "them); run it again later")
                                .arg(what, tables.join(QStringLiteral(", ")))
                                .arg(totalSeconds),
                            SqlState::kLockNotAvailable);
        }
    }
    db.exec(QStringLiteral("SELECT set_config('lock_timeout', $1, true)"), {before.text(0, 0)});
}

void lockForPartitionDdl(PgConnection& db, const QString& table, const QString& mode) {
    const QStringList names = referencedTables(db, table);
    QString sql = QStringLiteral("LOCK TABLE %1 IN %2 MODE").arg(pgQuoteIdentifier(table), mode);
    // In the same round trip as the grant: a writer released by the grant's wait cannot take a referenced
    // table between the two statements, as it could during a round trip to the client.
    if (!names.isEmpty())
        sql += QStringLiteral("; LOCK TABLE %1 IN SHARE ROW EXCLUSIVE MODE NOWAIT")
                   .arg(names.join(QStringLiteral(", ")));
    db.execScript(sql);
}

} // namespace tidemark::kudos
