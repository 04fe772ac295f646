#include "kudosschema.h"

namespace tidemark::kudos {

DatasetSchema kudosSchema() {
    return {QStringLiteral("kudos"),
            {QStringLiteral("users"), QStringLiteral("kudos_ledger"), QStringLiteral("kudos_stat_events"),
             QStringLiteral("kudos_balance_snapshots"), QStringLiteral("kudos_retention_catalog"),
             QStringLiteral("kudos_stat_rollups"), QStringLiteral("kudos_stat_quarantine"),
             QStringLiteral("kudos_ledger_checkpoints"), QStringLiteral("kudos_checkpoint_state"),
             QStringLiteral("kudos_ledger_daily"), QStringLiteral("kudos_idempotency_keys"),
             QStringLiteral("kudos_retention_incidents"), QStringLiteral("kudos_archive_drills")},
            {},
            {},
            {}};
}

} // namespace tidemark::kudos
