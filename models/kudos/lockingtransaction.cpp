#include "lockingtransaction.h"

#include "error.h"
#include "pgconnection.h"

#include <QStringList>
#include <chrono>
#include <thread>

namespace tidemark::kudos {

int runLockingTransaction(PgConnection& db, int lockTimeoutSeconds, const QString& what,
                          const std::function<void()>& body, int attempts) {
    for (int attempt = 1;; ++attempt) {
        try {
            db.exec(QStringLiteral("BEGIN"));
            db.exec(QStringLiteral("SELECT set_config('lock_timeout', $1, true)"),
                    {QStringLiteral("%1s").arg(lockTimeoutSeconds)});
            body();
            db.exec(QStringLiteral("COMMIT"));
            return attempt;
        } catch (const Error& e) {
            db.rollbackQuietly();
            const bool lockProblem = e.sqlState() == "55P03" || e.sqlState() == "40P01";
            if (!lockProblem)
                throw;
            if (attempt >= attempts)
                throw Error(Error::Kind::Failed,
                            QStringLiteral("%1: could not take the locks within %2 s in %3 attempts on %4 "
                                           "(a long transaction or busy writers hold them); nothing of this "
                                           "step was changed, run it again later")
                                .arg(what)
                                .arg(lockTimeoutSeconds)
                                .arg(attempts)
                                .arg(db.describe()),
                            "55P03");
            // Writers queued behind the failed attempt drain before the next one.
            std::this_thread::sleep_for(std::chrono::milliseconds(200 * attempt));
        }
    }
}

void lockForPartitionDdl(PgConnection& db, const QString& table, const QString& mode) {
    const PgResult referenced = db.exec(
        QStringLiteral("SELECT DISTINCT confrelid::regclass::text FROM pg_constraint"
                       " WHERE conrelid = to_regclass($1) AND contype = 'f' AND confrelid <> conrelid"),
        {table});
    QStringList names;
    for (int i = 0; i < referenced.rows(); ++i)
        names << referenced.text(i, 0); // regclass text is already quoted where it must be
    QString sql = QStringLiteral("LOCK TABLE %1 IN %2 MODE").arg(pgQuoteIdentifier(table), mode);
    // In the same round trip as the grant: a writer released by the grant's wait cannot take a referenced
    // table between the two statements, as it could during a round trip to the client.
    if (!names.isEmpty())
        sql += QStringLiteral("; LOCK TABLE %1 IN SHARE ROW EXCLUSIVE MODE NOWAIT")
                   .arg(names.join(QStringLiteral(", ")));
    db.execScript(sql);
}

} // namespace tidemark::kudos
