#include "idempotencykeys.h"

#include "error.h"
#include "kudossqlstate.h"
#include "kudosvalues.h"
#include "pgconnection.h"

namespace tidemark::kudos {

TransferOutcome IdempotencyKeys::transfer(PgConnection& db, int source, int dest, qint64 amount,
                                          const QString& key, Micros now) {
    const QString sql =
        QStringLiteral("SELECT outcome, event_id FROM kudos_transfer($1, $2, $3, $4, $5::timestamp)");
    try {
        const PgResult r =
            db.exec(sql, {source, dest, static_cast<long long>(amount),
                          key.isEmpty() ? PgParam(std::nullopt) : PgParam(key), utcParam(now)});
        TransferOutcome outcome;
        const QString kind = r.text(0, 0);
        if (kind == QLatin1String("transferred"))
            outcome.kind = TransferOutcome::Kind::Transferred;
        else if (kind == QLatin1String("replayed"))
            outcome.kind = TransferOutcome::Kind::Replayed;
        else
            throw Error(Error::Kind::Failed,
                        QStringLiteral("kudos_transfer on %1 returned the unknown outcome \"%2\"")
                            .arg(db.describe(), kind));
        outcome.eventId = QUuid::fromString(r.text(0, 1));
        return outcome;
    } catch (const Error& e) {
        if (e.sqlState() == KudosSqlState::kKeyConflict)
            KudosSqlState::rethrow(
                e,
                QStringLiteral("transfer of %1 kudos from user %2 to user %3 refused: idempotency key \"%4\" "
                               "was already used for a different transfer")
                    .arg(amount)
                    .arg(source)
                    .arg(dest)
                    .arg(key));
        KudosSqlState::rethrow(
            e,
            QStringLiteral("transfer of %1 kudos from user %2 to user %3").arg(amount).arg(source).arg(dest));
    }
}

qint64 IdempotencyKeys::backfill(PgConnection& db, Micros since) {
    return db.exec(QStringLiteral("SELECT kudos_backfill_idempotency_keys($1::timestamp)"), {utcParam(since)})
        .toLong(0, 0);
}

qint64 IdempotencyKeys::expire(PgConnection& db, Micros before) {
    return db.exec(QStringLiteral("SELECT kudos_expire_idempotency_keys($1::timestamp)"), {utcParam(before)})
        .toLong(0, 0);
}

} // namespace tidemark::kudos
