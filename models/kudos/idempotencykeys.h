#pragma once

#include "timestamp.h"

#include <QString>
#include <QUuid>

namespace tidemark {
class PgConnection;
}

namespace tidemark::kudos {

struct TransferOutcome {
    enum class Kind {
        Transferred, // postings and key written
        Replayed,    // the key was used before with the same parameters; nothing written
    };
    Kind kind = Kind::Transferred;
    QUuid eventId;
};

// Typed calls of the kudos SQL functions that own the idempotency keys (resources/sql/kudos/
// 0003_kudos_functions.sql): the transfer path, the migration's backfill and the retention job's expiry.
// Each runs in the caller's transaction when one is open, else in its own.
class IdempotencyKeys {
  public:
    // kudos_transfer: `key` is the client's Idempotency-Key (empty: no key, nothing deduplicated). A key
    // used before with other parameters, a bad amount, a self transfer, an unknown user or a balance below
    // the amount is Error(Refused) with the SQLSTATE (KudosSqlState) and a message that says which.
    static TransferOutcome transfer(PgConnection& db, int source, int dest, qint64 amount, const QString& key,
                                    Micros now);
    // kudos_backfill_idempotency_keys: keys for the transfers and repairs with ledger rows created at or
    // after `since` (existing keys kept); returns the number inserted.
    static qint64 backfill(PgConnection& db, Micros since);
    // kudos_expire_idempotency_keys: deletes the keys created before `before`; returns how many.
    static qint64 expire(PgConnection& db, Micros before);
};

} // namespace tidemark::kudos
