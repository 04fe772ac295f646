#include "kudosbenchdata.h"

#include "pgconnection.h"

namespace tidemark::bench {

void fillKudosHistory(PgConnection& db, long long ledgerRows, int days) {
    db.exec(QStringLiteral("INSERT INTO users (oauth_id, username) SELECT 'u' || g, 'user ' || g "
                           "FROM generate_series(1, 1000) g"));
    // `days` of history ending an hour ago, ids in created order, one row in a thousand unapplied.
    db.exec(QStringLiteral(R"(
        INSERT INTO kudos_ledger (id, created, event_id, entry_type, user_id, escrow, amount, applied, wp_type)
        SELECT g, (now() AT TIME ZONE 'UTC') - interval '1 hour' - (($1 - g) * (interval '1 day' * $2 / $1)),
               gen_random_uuid(), 'GENERATION', 1 + g % 1000, g % 7 = 0, (g % 200) - 50, g % 1000 <> 0, 'image'
          FROM generate_series(1, $1::bigint) g)"),
            {ledgerRows, static_cast<long long>(days)});
    const long long stats = ledgerRows / 4;
    db.exec(QStringLiteral(R"(
        INSERT INTO kudos_stat_events (id, created, event_id, entry_type, user_id, worker_id, amount, unit,
                                       stat_action, record, applied, quarantined)
        SELECT g, (now() AT TIME ZONE 'UTC') - interval '1 hour' - (($1 - g) * (interval '1 day' * $2 / $1)),
               gen_random_uuid(), 'STAT_CONTRIBUTION', CASE WHEN g % 3 = 0 THEN NULL ELSE 1 + g % 1000 END,
               CASE WHEN g % 3 = 0 THEN gen_random_uuid() END, g % 100, 'kudos', 'generated', 'user_kudos',
               g % 1000 <> 0, g % 5000 = 0
          FROM generate_series(1, $1::bigint) g)"),
            {stats, static_cast<long long>(days)});
    db.exec(QStringLiteral("SELECT setval(pg_get_serial_sequence('kudos_ledger', 'id'), $1)"), {ledgerRows});
    db.exec(QStringLiteral("SELECT setval(pg_get_serial_sequence('kudos_stat_events', 'id'), $1)"), {stats});
    db.exec(QStringLiteral("VACUUM ANALYZE kudos_ledger"));
    db.exec(QStringLiteral("VACUUM ANALYZE kudos_stat_events"));
}

QList<long long> ledgerSizes(int argc, char** argv) {
    QList<long long> sizes;
    for (int i = 1; i < argc; ++i)
        sizes << QByteArray(argv[i]).toLongLong();
    if (sizes.isEmpty())
        sizes = {1'000'000, 10'000'000};
    return sizes;
}

} // namespace tidemark::bench
