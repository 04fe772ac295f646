#include "archivebenchdata.h"

#include "kudosschema.h"
#include "pgconnection.h"
#include "schemamigrator.h"
#include "testpostgres.h"

#include <sys/resource.h>

namespace tidemark::bench {

Micros archiveBenchStart() {
    return parseIsoTimestamp(QStringLiteral("2026-10-05T00:00:00Z"));
}

QString archiveBenchLedger(const QString& name, qint64 rows) {
    const QString conninfo = test::TestPostgres::createDatabase(name);
    auto db = PgConnection::open(conninfo);
    SchemaMigrator(*db, kudos::kudosSchema()).migrate();
    db->execScript(
        QStringLiteral(
            "INSERT INTO users (id, oauth_id, username) SELECT u, 'oauth-' || u, 'user ' || u "
            "FROM generate_series(1, 2000) u;"
            "INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, escrow, amount, applied, "
            "  job_id, wp_type, detail) "
            "SELECT timestamp '2026-10-05' + g * interval '1 second', md5(g::text)::uuid, "
            "  (ARRAY['GENERATION','UPTIME_REWARD','TRANSFER','AWARD'])[1 + g % 4], 1 + (g * 7919) % 2000, "
            "  g % 3 = 0, ((g * 104729) % 200000 - 100000) / 100.0, true, md5('job' || g)::uuid, "
            "  (ARRAY['image','text',NULL])[1 + g % 3], "
            "  CASE WHEN g % 5 = 0 THEN jsonb_build_object('reason', 'bench', 'reservation_id', "
            "    md5('r' || g)::uuid) END "
            "FROM generate_series(0::bigint, %1 - 1) g;"
            "ANALYZE kudos_ledger")
            .arg(rows));
    return conninfo;
}

double seconds(const QElapsedTimer& timer) {
    return timer.nsecsElapsed() / 1e9;
}

long peakRssKb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

} // namespace tidemark::bench
