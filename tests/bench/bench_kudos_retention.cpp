// Kudos retention, measured in one run:
// - the rollup of one week of statistic rows and the checkpoint of one week of ledger rows, each next to a
//   bare GROUP BY over the same rows (the goal: at most 1.5x), as rows/s and their ratio, on the demo's
//   data (the generator's 20 weeks, 400 users: few rows per rollup key) and on a busy week made in SQL
//   (argument: its ledger rows, default 1000000, and twice as many statistic rows, 1000 users);
// - a full retention round over the demo's data (every eligible range to `dropped`, a directory archive).
// Uses TIDEMARK_TEST_PG when set, else a private PostgreSQL cluster.
#include "archivefixtures.h"
#include "archivestore.h"
#include "archiveurl.h"
#include "demokudosloader.h"
#include "kudosschema.h"
#include "kudosvalues.h"
#include "ledgercheckpoint.h"
#include "partitionswap.h"
#include "pgconnection.h"
#include "retentionjob.h"
#include "schemamigrator.h"
#include "statrollup.h"
#include "testpostgres.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMap>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

using namespace tidemark;
using namespace tidemark::kudos;

namespace {

// The median of five timed runs (seconds), each inside a transaction that is rolled back.
double median(PgConnection& db, const char* begin, const std::function<void()>& work) {
    std::vector<double> runs;
    for (int i = 0; i < 5; ++i) {
        db.execScript(QString::fromLatin1(begin));
        QElapsedTimer t;
        t.start();
        work();
        runs.push_back(t.nsecsElapsed() / 1e9);
        db.exec(QStringLiteral("ROLLBACK"));
    }
    std::sort(runs.begin(), runs.end());
    return runs[runs.size() / 2];
}

// `serial`: the bare GROUP BY without parallel workers, like the INSERT … SELECT of the rollup and the
// checkpoint (PostgreSQL 15 never runs a data-modifying statement in parallel); `parallel`: as planned.
void row(const char* what, qint64 rows, double serial, double parallel, double ours) {
    std::printf("%-11s %9lld rows | bare GROUP BY %7.3f s serial, %7.3f s parallel | Tidemark %7.3f s "
                "(%9.0f rows/s) | ratio %.2f to serial, %.2f to parallel\n",
                what, static_cast<long long>(rows), serial, parallel, ours, rows / ours, ours / serial,
                ours / parallel);
}

const char* kSerial = "BEGIN; SET LOCAL max_parallel_workers_per_gather = 0";
const char* kSerialRepeatableRead =
    "BEGIN ISOLATION LEVEL REPEATABLE READ; SET LOCAL max_parallel_workers_per_gather = 0";

void measureWeek(const char* label, PgConnection& db, Micros end) {
    std::printf("%s:\n", label);
    // The oldest complete week of the first partition: the first sub-range's grid anchored at the boundary.
    const Micros boundary = firstBoundaryAfter(end);
    const Micros hi = boundary - 14 * kMicrosPerDay;
    const Micros lo = hi - 7 * kMicrosPerDay;
    const std::vector<PgParam> range{utcParam(lo), utcParam(hi)};

    const qint64 statRows =
        db.exec(QStringLiteral("SELECT count(*) FROM kudos_stat_events_initial"
                               " WHERE created >= $1::timestamp AND created < $2::timestamp"),
                range)
            .toLong(0, 0);
    const auto bareRollupQuery = [&] {
        db.exec(QStringLiteral(
                    "SELECT count(*) FROM (SELECT created::date, entry_type, unit, stat_action, record,"
                    " wp_type, user_id, worker_id, worker_user_id, team_id, sum(amount), count(*),"
                    " min(amount), max(amount), max(created) FROM kudos_stat_events_initial"
                    " WHERE created >= $1::timestamp AND created < $2::timestamp AND NOT quarantined"
                    " GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10) g"),
                range);
    };
    const double bareRollup = median(db, kSerial, bareRollupQuery);
    const double bareRollupParallel = median(db, "BEGIN", bareRollupQuery);
    const double rollup = median(db, "BEGIN", [&] {
        StatRollup(db).rollUp(QStringLiteral("kudos_stat_events_initial"), lo, hi, end);
    });
    row("rollup", statRows, bareRollup, bareRollupParallel, rollup);

    // The checkpoint of the first week (checkpoints reach nowhere yet, so it may start at the oldest row).
    const Micros firstLo = floorToStep(
        db.exec(QStringLiteral("SELECT %1 FROM kudos_ledger").arg(microsOf(QStringLiteral("min(created)"))))
            .toLong(0, 0),
        7 * kMicrosPerDay, boundary);
    const Micros firstHi = firstLo + 7 * kMicrosPerDay;
    const std::vector<PgParam> first{utcParam(firstLo), utcParam(firstHi)};
    const qint64 ledgerRows =
        db.exec(QStringLiteral("SELECT count(*) FROM kudos_ledger_initial"
                               " WHERE created >= $1::timestamp AND created < $2::timestamp"),
                first)
            .toLong(0, 0);
    const auto bareCheckpointQuery = [&] {
        db.exec(QStringLiteral("SELECT count(*) FROM (SELECT user_id,"
                               " sum(amount) FILTER (WHERE NOT escrow AND entry_type <> 'RECONCILIATION'),"
                               " sum(amount) FILTER (WHERE escrow AND entry_type <> 'RECONCILIATION')"
                               " FROM kudos_ledger_initial WHERE created >= $1::timestamp"
                               " AND created < $2::timestamp GROUP BY user_id) g"),
                first);
    };
    const double bareCheckpoint = median(db, kSerialRepeatableRead, bareCheckpointQuery);
    const double bareCheckpointParallel =
        median(db, "BEGIN ISOLATION LEVEL REPEATABLE READ", bareCheckpointQuery);
    const double checkpoint = median(db, "BEGIN ISOLATION LEVEL REPEATABLE READ", [&] {
        LedgerCheckpoint(db).checkpoint(QStringLiteral("kudos_ledger_initial"), firstLo, firstHi);
    });
    row("checkpoint", ledgerRows, bareCheckpoint, bareCheckpointParallel, checkpoint);
}

// A week of busy traffic straight in SQL: per row a user (1..1000) or a worker (300), 3 entry types, 6
// actions; then swapped like the demo.
void busyWeek(long long ledgerRows, Micros end) {
    const QString conninfo = test::TestPostgres::createDatabase(QStringLiteral("bench_kudos_busy"));
    auto db = PgConnection::open(conninfo);
    SchemaMigrator(*db, kudos::kudosSchema()).migrate();
    db->exec(QStringLiteral("INSERT INTO users (oauth_id, username) SELECT 'u' || g, 'user ' || g"
                            " FROM generate_series(1, 1000) g"));
    const std::vector<PgParam> params{static_cast<long long>(ledgerRows), utcParam(end)};
    db->exec(QStringLiteral(R"(
        INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, escrow, amount, applied, wp_type)
        SELECT $2::timestamp - interval '21 days' + (g * (interval '21 days' / $1)), gen_random_uuid(),
               (ARRAY['GENERATION', 'TRANSFER', 'UPTIME_REWARD'])[1 + g % 3], 1 + g % 1000, g % 7 = 0,
               (g % 200) - 50, true, 'image'
          FROM generate_series(0, $1::bigint - 1) g)"),
             params);
    db->exec(QStringLiteral(R"(
        WITH w AS (SELECT n, gen_random_uuid() AS id FROM generate_series(0, 299) n)
        INSERT INTO kudos_stat_events (created, event_id, entry_type, user_id, worker_id, amount, unit,
                                       stat_action, record, applied)
        SELECT $2::timestamp - interval '21 days' + (g * (interval '21 days' / (2 * $1))), gen_random_uuid(),
               (ARRAY['GENERATION', 'STAT_RECORD', 'STAT_CONTRIBUTION'])[1 + g % 3],
               CASE WHEN g % 3 = 0 THEN NULL ELSE 1 + g % 1000 END, CASE WHEN g % 3 = 0 THEN w.id END,
               g % 100, 'kudos', (ARRAY['generated', 'accumulated', 'received', 'gifted', 'uptime', 'awarded'])[1 + g % 6],
               'user_kudos', true
          FROM generate_series(0, 2 * $1::bigint - 1) g JOIN w ON w.n = g % 300)"),
             params);
    db->exec(QStringLiteral("VACUUM ANALYZE"));
    PartitionSwap swap(*db, KudosSettings{});
    swap.run(swap.plan(end));
    measureWeek("busy week", *db, end);
}

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const long long busyLedgerRows = argc > 1 ? QByteArray(argv[1]).toLongLong() : 1000000;
    const QString conninfo = test::TestPostgres::createDatabase(QStringLiteral("bench_kudos_retention"));
    const Micros end = floorToStep(nowMicros(), 7 * kMicrosPerDay, kMondayAnchor);
    {
        auto db = PgConnection::open(conninfo);
        SchemaMigrator(*db, kudos::kudosSchema()).migrate();
    }
    demo::KudosGeneratorOptions options;
    options.end = end;
    QElapsedTimer load;
    load.start();
    const qint64 loaded = demo::DemoKudosLoader(conninfo, options).load();
    auto db = PgConnection::open(conninfo);
    db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
    db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
    db->exec(QStringLiteral("VACUUM ANALYZE"));
    PartitionSwap swap(*db, KudosSettings{});
    swap.run(swap.plan(end));
    std::printf("demo kudos data: %lld rows in all tables, loaded and swapped in %.1f s\n",
                static_cast<long long>(loaded), load.elapsed() / 1000.0);

    measureWeek("demo", *db, end);

    // A full round at the moment every range of the first partition is eligible.
    QTemporaryDir archive;
    auto store = test::openInitialisedArchive(archive.path());
    QElapsedTimer round;
    round.start();
    RetentionOptions
        rehearsal; // a month after the server's clock: every range of the first partition eligible
    rehearsal.allowClockAhead = true;
    const RetentionReport report = RetentionJob(*db, store.get(), KudosSettings{}, rehearsal)
                                       .run(firstBoundaryAfter(end) + 31 * kMicrosPerDay);
    const double seconds = round.elapsed() / 1000.0;
    QMap<QString, QPair<double, qint64>> perVerb;
    qint64 rows = 0, bytes = 0;
    for (const RetentionStepResult& s : report.done) {
        perVerb[s.action.verb()].first += s.seconds;
        perVerb[s.action.verb()].second += s.rows;
        if (s.action.to == QLatin1String("dropped"))
            rows += s.rows;
        bytes += s.bytes;
    }
    std::printf("full round: %zu steps in %.1f s, %zu alert(s); archive objects %.1f MB\n",
                report.done.size(), seconds, report.alerts.size(), bytes / 1e6);
    std::printf(
        "  the drops' re-check under their own lock: %.2f s = %.1f %% of the round; the parent's lock "
        "at most %.1f ms\n",
        report.dropCheckSeconds, 100 * report.dropCheckSeconds / seconds, report.dropLockSeconds * 1000);
    for (auto it = perVerb.cbegin(); it != perVerb.cend(); ++it)
        std::printf("  %-34s %7.2f s  %10lld rows\n", qPrintable(it.key()), it.value().first,
                    static_cast<long long>(it.value().second));
    busyWeek(busyLedgerRows, end);
    return report.alerts.empty() ? 0 : 1;
}
