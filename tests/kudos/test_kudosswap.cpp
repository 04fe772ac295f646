#include "clirunner.h"
#include "demokudosloader.h"
#include "error.h"
#include "kudosdataset.h"
#include "kudospartitions.h"
#include "kudosschema.h"
#include "kudossettings.h"
#include "kudosswapjob.h"
#include "partitionswap.h"
#include "pgconnection.h"
#include "schemamigrator.h"
#include "taskfeedback.h"
#include "taskmanager.h"
#include "testpostgres.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <QTimeZone>
#include <atomic>
#include <thread>

using namespace tidemark;
using namespace tidemark::kudos;

namespace {

const Micros kWeek = 7 * kMicrosPerDay;

Micros at(const char* iso) {
    return parseIsoTimestamp(QString::fromLatin1(iso));
}

// The rule spelled out on calendar dates: the first Monday 00:00 UTC at or after t + 1 day.
Micros boundaryByCalendar(Micros t) {
    const QDateTime earliest = QDateTime::fromMSecsSinceEpoch(t / 1000, QTimeZone::utc()).addDays(1);
    const Micros earliestMicros = t + kMicrosPerDay;
    QDateTime candidate(earliest.date(), QTime(0, 0), QTimeZone::utc());
    if (candidate.toMSecsSinceEpoch() * 1000 < earliestMicros)
        candidate = candidate.addDays(1);
    while (candidate.date().dayOfWeek() != Qt::Monday)
        candidate = candidate.addDays(1);
    return candidate.toMSecsSinceEpoch() * 1000;
}

struct KudosDb {
    QString conninfo;
    std::unique_ptr<PgConnection> db;
};

KudosDb freshKudos(const QString& name, Micros now) {
    KudosDb k;
    k.conninfo = test::TestPostgres::createDatabase(name);
    k.db = PgConnection::open(k.conninfo);
    SchemaMigrator(*k.db, kudos::kudosSchema()).migrate();
    demo::KudosGeneratorOptions o;
    o.weeks = 6;
    o.users = 40;
    o.end = floorToStep(now, kMicrosPerDay);
    demo::DemoKudosLoader(k.conninfo, o).load();
    // A queue and a quarantine of known size whatever the generator drew.
    k.db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = false WHERE id % 97 = 0"));
    k.db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = false WHERE id % 89 = 0"));
    k.db->exec(
        QStringLiteral("UPDATE kudos_stat_events SET quarantined = true, quarantine_reason = 'test ' || id "
                       "WHERE id % 101 = 0"));
    // Vacuumed and analysed now, and never by autovacuum: a worker's VACUUM of the updated tables holds a
    // lock the swap's exclusive one waits for longer than its lock timeout (a CI run saw 6 attempts).
    for (const char* table : {"kudos_ledger", "kudos_stat_events"})
        k.db->exec(QStringLiteral("ALTER TABLE %1 SET (autovacuum_enabled = off)").arg(QLatin1String(table)));
    k.db->exec(QStringLiteral("VACUUM ANALYZE"));
    return k;
}

QString one(PgConnection& db, const QString& sql, const std::vector<PgParam>& params = {}) {
    return db.exec(sql, params).text(0, 0);
}

// Every row, the queue and the quarantine of a table, as comparable text.
QStringList fingerprint(PgConnection& db, const QString& table) {
    QStringList f;
    f << one(db,
             QStringLiteral("SELECT count(*) || ' ' || sum(amount) || ' ' || max(id) FROM %1").arg(table));
    f << one(db, QStringLiteral("SELECT md5(string_agg(t::text, '|' ORDER BY id)) FROM %1 t").arg(table));
    f << one(db, QStringLiteral("SELECT count(*) || ':' || string_agg(id::text, ',' ORDER BY id) FROM %1 "
                                "WHERE NOT applied")
                     .arg(table));
    if (table == QLatin1String("kudos_stat_events"))
        f << one(db,
                 QStringLiteral("SELECT count(*) || ':' || string_agg(id || '=' || quarantine_reason, ',' "
                                "ORDER BY id) FROM kudos_stat_events WHERE quarantined"));
    return f;
}

QString catalogSnapshot(PgConnection& db) {
    return one(db, QStringLiteral(R"(
        SELECT (SELECT string_agg(c.relname || ':' || c.relkind::text, ',' ORDER BY c.relname)
                  FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace)
            || ' / ' ||
               (SELECT string_agg(conrelid::regclass || '.' || conname || ':' || convalidated, ',' ORDER BY 1)
                  FROM pg_constraint WHERE connamespace = 'public'::regnamespace))"));
}

// The partitioned index `name` is valid and has `child` attached and valid; returns its definition.
QString partitionedIndex(PgConnection& db, const QString& name, const QString& child) {
    const PgResult r = db.exec(QStringLiteral(R"(
        SELECT c.relkind::text, i.indisvalid, pg_get_indexdef(c.oid),
               (SELECT ii.indisvalid FROM pg_inherits h JOIN pg_class cc ON cc.oid = h.inhrelid
                  JOIN pg_index ii ON ii.indexrelid = cc.oid
                 WHERE h.inhparent = c.oid AND cc.relname = $2)
          FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid WHERE c.oid = to_regclass($1))"),
                               {name, child});
    if (r.rows() != 1 || r.text(0, 0) != QLatin1String("I") || !r.toBool(0, 1) || r.isNull(0, 3) ||
        !r.toBool(0, 3))
        return {};
    return r.text(0, 2);
}

KudosSettings settings() {
    KudosSettings s;
    s.lockTimeoutSeconds = 5;
    return s;
}

} // namespace

class TestKudosSwap : public QObject {
    Q_OBJECT

    void checkPartitionsAhead(PgConnection& db, const QString& table, Micros now, Micros boundary) {
        const std::vector<KudosPartition> parts = listPartitions(db, table);
        QVERIFY(parts.size() >= 2);
        QCOMPARE(parts.front().name, initialPartitionName(table));
        QVERIFY(!parts.front().lo.has_value());
        QCOMPARE(parts.front().hi, boundary);
        for (std::size_t i = 1; i < parts.size(); ++i) {
            QCOMPARE(*parts[i].lo, parts[i - 1].hi);
            QCOMPARE(parts[i].hi - *parts[i].lo, kWeek);
            QCOMPARE((*parts[i].lo - kMondayAnchor) % kWeek, Micros(0));
            QCOMPARE(parts[i].name, weeklyPartitionName(table, *parts[i].lo));
        }
        QVERIFY(parts.back().hi >= now + 4 * kWeek);
        QVERIFY(parts.back().hi - kWeek < now + 4 * kWeek); // no more than needed
    }

  private slots:
    // (g) B: the first Monday 00:00 UTC at least a day after now; edge cases and random instants against a
    // calendar walk.
    void boundaryRule() {
        QCOMPARE(firstBoundaryAfter(at("2026-12-06T23:59:00Z")), at("2026-12-14T00:00:00Z")); // Sunday 23:59
        QCOMPARE(firstBoundaryAfter(at("2026-12-06T00:00:00Z")), at("2026-12-07T00:00:00Z")); // Sunday 00:00
        QCOMPARE(firstBoundaryAfter(at("2026-12-06T00:00:00.000001Z")), at("2026-12-14T00:00:00Z"));
        QCOMPARE(firstBoundaryAfter(at("2026-12-07T00:00:00Z")), at("2026-12-14T00:00:00Z")); // Monday 00:00
        QCOMPARE(firstBoundaryAfter(at("2026-12-07T00:00:01Z")), at("2026-12-14T00:00:00Z"));
        QCOMPARE(firstBoundaryAfter(at("2026-12-05T23:59:59Z")), at("2026-12-07T00:00:00Z")); // Saturday
        QRandomGenerator random(20261201);
        for (int i = 0; i < 20000; ++i) {
            const Micros t =
                at("1990-01-01T00:00:00Z") +
                static_cast<Micros>(random.bounded(Q_UINT64_C(40) * 365 * 24 * 3600)) * kMicrosPerSecond +
                (i % 3 == 0 ? 0 : static_cast<Micros>(random.bounded(1000000)));
            const Micros b = firstBoundaryAfter(t);
            if (b != boundaryByCalendar(t))
                QFAIL(qPrintable(QStringLiteral("t=%1: %2 vs %3")
                                     .arg(formatIsoTimestamp(t), formatIsoTimestamp(b),
                                          formatIsoTimestamp(boundaryByCalendar(t)))));
        }
    }

    void partitionsNeededAreMondayAligned() {
        const KudosSettings s = settings();
        const Micros b = at("2026-12-07T00:00:00Z");
        const auto parts = partitionsNeeded(QStringLiteral("kudos_ledger"), b, s, at("2026-12-01T04:00:00Z"));
        QCOMPARE(parts.size(), std::size_t(4)); // hi 12-14, 12-21, 12-28, 01-04 >= 12-29 04:00
        QCOMPARE(parts.front().name, QStringLiteral("kudos_ledger_p20261207"));
        QCOMPARE(parts.back().hi, at("2027-01-04T00:00:00Z"));
        QVERIFY(partitionsNeeded(QStringLiteral("kudos_ledger"), at("2027-01-04T00:00:00Z"), s,
                                 at("2026-12-01T04:00:00Z"))
                    .empty());
        // Off the grid (an earlier width): the first new one ends at the next Monday.
        const auto off = partitionsNeeded(QStringLiteral("kudos_ledger"), at("2026-12-09T00:00:00Z"), s,
                                          at("2026-12-01T00:00:00Z"));
        QCOMPARE(off.front().hi, at("2026-12-14T00:00:00Z"));
        QCOMPARE(sqlTimestampLiteral(at("2026-12-07T00:00:00.25Z")),
                 QStringLiteral("'2026-12-07 00:00:00.250000'"));
    }

    // (a), (b), (c), (d) on one database: dry run, swap, what survives, inserts and partitions, a second
    // swap.
    void swapKeepsEverything() {
        const Micros now = nowMicros();
        KudosDb k = freshKudos(QStringLiteral("kudosswap_a"), now);
        PgConnection& db = *k.db;
        const QStringList ledgerBefore = fingerprint(db, QStringLiteral("kudos_ledger"));
        const QStringList statsBefore = fingerprint(db, QStringLiteral("kudos_stat_events"));
        QVERIFY(ledgerBefore[2].section(QLatin1Char(':'), 0, 0).toInt() > 0);
        QVERIFY(statsBefore[3].section(QLatin1Char(':'), 0, 0).toInt() > 0);
        const qint64 ledgerMax = one(db, QStringLiteral("SELECT max(id) FROM kudos_ledger")).toLongLong();
        const qint64 statsMax = one(db, QStringLiteral("SELECT max(id) FROM kudos_stat_events")).toLongLong();
        QVERIFY(!isPartitioned(db, QStringLiteral("kudos_ledger")));
        QVERIFY(listPartitions(db, QStringLiteral("kudos_ledger")).empty());

        // (c) planning is the dry run: nothing changes.
        const QString catalog = catalogSnapshot(db);
        PartitionSwap swap(db, settings());
        const SwapPlan plan = swap.plan(now);
        QCOMPARE(catalogSnapshot(db), catalog);
        QCOMPARE(plan.boundary, firstBoundaryAfter(now));
        QVERIFY(!plan.alreadyPartitioned());
        QVERIFY(
            plan.lines().join(QLatin1Char('\n')).contains(QLatin1String("CREATE UNIQUE INDEX CONCURRENTLY")));

        const SwapReport report = swap.run(plan);
        QVERIFY(report.completed);
        QCOMPARE(report.lastPhase, 4);
        QCOMPARE(report.seqScansUnderLock, qint64(0)); // the attach proved its range from the CHECK
        QVERIFY(report.lockMillis > 0);
        QCOMPARE(report.lockAttempts, 1);
        qInfo("lock %.1f ms, index build %.3f s, validate %.3f s", report.lockMillis,
              report.indexBuildSeconds, report.validateSeconds);

        // (a) every row, the queue and the quarantine.
        QCOMPARE(fingerprint(db, QStringLiteral("kudos_ledger")), ledgerBefore);
        QCOMPARE(fingerprint(db, QStringLiteral("kudos_stat_events")), statsBefore);
        QVERIFY(isPartitioned(db, QStringLiteral("kudos_ledger")));
        QVERIFY(isPartitioned(db, QStringLiteral("kudos_stat_events")));
        QVERIFY(partitionedIndex(db, QStringLiteral("ix_kudos_ledger_unapplied"),
                                 QStringLiteral("ix_kudos_ledger_unapplied_initial"))
                    .endsWith(QLatin1String("(id) WHERE (NOT applied)")));
        QVERIFY(partitionedIndex(db, QStringLiteral("ix_kudos_stat_events_unapplied"),
                                 QStringLiteral("ix_kudos_stat_events_unapplied_initial"))
                    .endsWith(QLatin1String("(id) WHERE (NOT applied)")));
        QVERIFY(partitionedIndex(db, QStringLiteral("ix_kudos_stat_events_quarantine"),
                                 QStringLiteral("ix_kudos_stat_events_quarantine_initial"))
                    .endsWith(QLatin1String("(id) WHERE quarantined")));
        QVERIFY(partitionedIndex(db, QStringLiteral("kudos_ledger_pkey"),
                                 QStringLiteral("kudos_ledger_initial_pkey"))
                    .endsWith(QLatin1String("(id, created)")));
        QCOMPARE(one(db, QStringLiteral(
                             "SELECT count(*) FROM pg_constraint WHERE conrelid = "
                             "'kudos_ledger'::regclass AND contype = 'f' AND confrelid = 'users'::regclass")),
                 QStringLiteral("1"));
        QCOMPARE(
            one(db, QStringLiteral(
                        "SELECT count(*) FROM pg_constraint WHERE conrelid = "
                        "'kudos_stat_events'::regclass AND conname = 'kudos_stat_event_exactly_one_target'")),
            QStringLiteral("1"));
        const PgResult plan1 =
            db.exec(QStringLiteral("EXPLAIN SELECT id FROM kudos_ledger WHERE NOT applied"));
        QString planText;
        for (int i = 0; i < plan1.rows(); ++i)
            planText += plan1.text(i, 0) + QLatin1Char('\n');
        QVERIFY2(planText.contains(QLatin1String("using ix_kudos_ledger_unapplied_initial")),
                 qPrintable(planText));
        // The checks hold on the parent (new partitions inherit them).
        QVERIFY_THROWS_EXCEPTION(
            Error,
            db.exec(QStringLiteral("INSERT INTO kudos_stat_events (event_id, entry_type, amount, unit) "
                                   "VALUES (gen_random_uuid(), 'AWARD', 1, 'kudos')")));
        QVERIFY_THROWS_EXCEPTION(
            Error, db.exec(QStringLiteral("INSERT INTO kudos_ledger (event_id, entry_type, user_id, amount) "
                                          "VALUES (gen_random_uuid(), 'AWARD', 1, 'NaN')")));

        // (b) inserts without id: the right partition, ids above the old maximum.
        const QString later = sqlTimestampLiteral(plan.boundary + 3 * kMicrosPerDay);
        const PgResult a = db.exec(
            QStringLiteral(
                "INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, amount) VALUES "
                "(now() AT TIME ZONE 'UTC', gen_random_uuid(), 'AWARD', (SELECT min(id) FROM users), 1), "
                "(%1, gen_random_uuid(), 'AWARD', (SELECT min(id) FROM users), 2) RETURNING id, "
                "tableoid::regclass::text")
                .arg(later));
        QVERIFY(a.toLong(0, 0) > ledgerMax);
        QVERIFY(a.toLong(1, 0) > a.toLong(0, 0));
        QCOMPARE(a.text(0, 1), QStringLiteral("kudos_ledger_initial"));
        QCOMPARE(a.text(1, 1), weeklyPartitionName(QStringLiteral("kudos_ledger"), plan.boundary));
        const PgResult s = db.exec(
            QStringLiteral(
                "INSERT INTO kudos_stat_events (created, event_id, entry_type, user_id, amount, unit) VALUES "
                "(%1, gen_random_uuid(), 'AWARD', 1, 1, 'kudos') RETURNING id, tableoid::regclass::text")
                .arg(later));
        QVERIFY(s.toLong(0, 0) > statsMax);
        QCOMPARE(s.text(0, 1), weeklyPartitionName(QStringLiteral("kudos_stat_events"), plan.boundary));
        QCOMPARE(one(db, QStringLiteral("SELECT pg_get_serial_sequence('kudos_ledger', 'id')")),
                 QStringLiteral("public.kudos_ledger_id_seq"));

        for (const QString& table : kudosPartitionedTables())
            checkPartitionsAhead(db, table, now, plan.boundary);
        QVERIFY(ensurePartitionsAhead(db, settings(), now).isEmpty()); // idempotent
        const QStringList added = ensurePartitionsAhead(db, settings(), now + 3 * kWeek);
        QCOMPARE(added.size(), 6); // three weeks on, both tables
        for (const QString& table : kudosPartitionedTables())
            checkPartitionsAhead(db, table, now + 3 * kWeek, plan.boundary);
        QVERIFY(ensurePartitionsAhead(db, settings(), now + 3 * kWeek).isEmpty());

        // (d) a second swap does nothing and says so.
        const QString swapped = catalogSnapshot(db);
        const SwapPlan again = swap.plan(now);
        QVERIFY(again.alreadyPartitioned());
        QVERIFY(again.steps.empty());
        QVERIFY(again.lines().join(QLatin1Char('\n')).contains(QLatin1String("already partitioned")));
        const SwapReport second = swap.run(again);
        QVERIFY(second.alreadyPartitioned);
        QVERIFY(second.stepsDone.isEmpty());
        QCOMPARE(catalogSnapshot(db), swapped);
    }

    // (e) a run that died after phase 2, with a leftover invalid index of an interrupted build: a re-run
    // drops it, rebuilds and completes.
    void resumesAfterAnInterruptedRun() {
        const Micros now = nowMicros();
        KudosDb k = freshKudos(QStringLiteral("kudosswap_e"), now);
        const QStringList ledgerBefore = fingerprint(*k.db, QStringLiteral("kudos_ledger"));
        const QStringList statsBefore = fingerprint(*k.db, QStringLiteral("kudos_stat_events"));
        // A concurrent build that failed half way leaves an INVALID index behind (here: duplicates).
        QVERIFY_THROWS_EXCEPTION(
            Error, k.db->exec(QStringLiteral("CREATE UNIQUE INDEX CONCURRENTLY "
                                             "kudos_ledger_initial_pkey ON kudos_ledger (entry_type)")));
        QCOMPARE(one(*k.db, QStringLiteral("SELECT indisvalid FROM pg_index WHERE indexrelid = "
                                           "'kudos_ledger_initial_pkey'::regclass")),
                 QStringLiteral("f"));
        {
            PartitionSwap swap(*k.db, settings());
            const SwapPlan plan = swap.plan(now);
            QVERIFY(plan.lines().join(QLatin1Char('\n')).contains(QLatin1String("DROP INDEX CONCURRENTLY")));
            SwapOptions stop;
            stop.stopAfterPhase = 2;
            const SwapReport r = swap.run(plan, stop);
            QVERIFY(!r.completed);
            QCOMPARE(r.lastPhase, 2);
        }
        k.db.reset(); // the process "dies"
        k.db = PgConnection::open(k.conninfo);
        PgConnection& db = *k.db;
        QVERIFY(!isPartitioned(db, QStringLiteral("kudos_ledger")));
        QCOMPARE(
            one(db, QStringLiteral(
                        "SELECT relkind::text FROM pg_class WHERE oid = to_regclass('kudos_ledger_swap')")),
            QStringLiteral("p"));
        PartitionSwap swap(db, settings());
        const SwapPlan rest = swap.plan(now);
        for (const SwapStep& step : rest.steps)
            QVERIFY2(step.phase >= 3, qPrintable(step.description)); // phases 1 and 2 are done
        const SwapReport r = swap.run(rest);
        QVERIFY(r.completed);
        QCOMPARE(r.seqScansUnderLock, qint64(0));
        QCOMPARE(fingerprint(db, QStringLiteral("kudos_ledger")), ledgerBefore);
        QCOMPARE(fingerprint(db, QStringLiteral("kudos_stat_events")), statsBefore);
        QVERIFY(!partitionedIndex(db, QStringLiteral("kudos_ledger_pkey"),
                                  QStringLiteral("kudos_ledger_initial_pkey"))
                     .isEmpty());
    }

    // The proof of "no scan" can fail: an attach without the validated CHECK counts its scan.
    void scanCounterSeesAnAttachScan() {
        const QString conninfo = test::TestPostgres::createDatabase(QStringLiteral("kudosswap_scan"));
        auto db = PgConnection::open(conninfo);
        db->execScript(
            QStringLiteral("CREATE TABLE p (id int, created timestamp NOT NULL) PARTITION BY RANGE (created);"
                           "CREATE TABLE h (id int, created timestamp NOT NULL);"
                           "INSERT INTO h SELECT g, '2026-01-01' FROM generate_series(1, 100) g;"));
        db->exec(QStringLiteral("BEGIN"));
        const auto scans = [&] {
            return db
                ->exec(QStringLiteral("SELECT seq_scan FROM pg_stat_xact_user_tables WHERE relname = 'h'"))
                .toLong(0, 0);
        };
        const long long before = scans();
        db->exec(
            QStringLiteral("ALTER TABLE p ATTACH PARTITION h FOR VALUES FROM (MINVALUE) TO ('2026-02-02')"));
        QCOMPARE(scans() - before, 1LL);
        db->exec(QStringLiteral("ROLLBACK"));
    }

    // (f) a writer commits small transactions into both tables the whole time the swap runs, taking the
    // tables in both orders: no deadlock, and every row it saw committed is there afterwards, with ids
    // increasing across the swap.
    void concurrentWriterLosesNothing() {
        const Micros now = nowMicros();
        KudosDb k = freshKudos(QStringLiteral("kudosswap_f"), now);
        std::atomic<bool> stop{false};
        std::atomic<int> committed{0};
        std::vector<qint64> ledgerIds;
        std::vector<qint64> statIds;
        QString writerError;
        std::thread writer([&] {
            try {
                auto w = PgConnection::open(k.conninfo, QStringLiteral("swap-test-writer"));
                for (int n = 0; !stop.load(); ++n) {
                    w->exec(QStringLiteral("BEGIN"));
                    // Every other transaction takes the tables in the projector's order, users first, and a
                    // statistic row before its ledger row: the swap must deadlock with neither order.
                    if (n % 2 == 1) {
                        w->exec(QStringLiteral("UPDATE users SET last_active = last_active WHERE id = "
                                               "(SELECT min(id) FROM users)"));
                        w->exec(QStringLiteral("SELECT count(*) FROM kudos_stat_events WHERE id < 0"));
                    }
                    const qint64 l =
                        w->exec(QStringLiteral(
                                    "INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, "
                                    "amount, applied) VALUES (now() AT TIME ZONE 'UTC', "
                                    "gen_random_uuid(), 'AWARD', (SELECT min(id) FROM users), 1, false) "
                                    "RETURNING id"))
                            .toLong(0, 0);
                    const qint64 s =
                        w->exec(
                             QStringLiteral("INSERT INTO kudos_stat_events (created, event_id, entry_type, "
                                            "worker_id, amount, unit) VALUES (now() AT TIME ZONE 'UTC', "
                                            "gen_random_uuid(), 'AWARD', gen_random_uuid(), 1, 'kudos') "
                                            "RETURNING id"))
                            .toLong(0, 0);
                    w->exec(QStringLiteral("COMMIT"));
                    ledgerIds.push_back(l);
                    statIds.push_back(s);
                    committed.fetch_add(1);
                }
            } catch (const Error& e) {
                writerError = e.message();
            }
        });
        while (committed.load() < 20 && writerError.isEmpty())
            QThread::msleep(5);
        PartitionSwap swap(*k.db, settings());
        SwapReport r;
        QString swapError;
        try {
            r = swap.run(swap.plan(now));
        } catch (const Error& e) {
            swapError =
                e.message(); // reported after the writer has stopped (a joinable thread must not unwind)
        }
        const int atSwapEnd = committed.load();
        while (committed.load() < atSwapEnd + 20 && writerError.isEmpty())
            QThread::msleep(5);
        stop = true;
        writer.join();
        QVERIFY2(swapError.isEmpty(), qPrintable(swapError));
        QVERIFY2(writerError.isEmpty(), qPrintable(writerError));
        QVERIFY(r.completed);
        qInfo("%d writer transactions committed, lock %.1f ms in %d attempt(s)", committed.load(),
              r.lockMillis, r.lockAttempts);
        for (const auto& [table, ids] : {std::pair{QStringLiteral("kudos_ledger"), &ledgerIds},
                                         std::pair{QStringLiteral("kudos_stat_events"), &statIds}}) {
            for (std::size_t i = 1; i < ids->size(); ++i)
                QVERIFY((*ids)[i] > (*ids)[i - 1]);
            QStringList list;
            for (qint64 id : *ids)
                list << QString::number(id);
            QCOMPARE(one(*k.db,
                         QStringLiteral("SELECT count(*) FROM %1 WHERE id = ANY($1::bigint[])").arg(table),
                         {QLatin1Char('{') + list.join(QLatin1Char(',')) + QLatin1Char('}')})
                         .toLongLong(),
                     static_cast<qint64>(ids->size()));
        }
    }

    // tidemark-cli kudos swap: the dry run changes nothing and prints the plan as JSON; the real run and a
    // second one; a database without the kudos schema.
    void cli() {
        const Micros now = nowMicros();
        KudosDb k = freshKudos(QStringLiteral("kudosswap_cli"), now);
        const QString catalog = catalogSnapshot(*k.db);
        const test::CliRun dry =
            test::runCli({QStringLiteral("kudos"), QStringLiteral("swap"), QStringLiteral("--dry-run"),
                          QStringLiteral("--json"), QStringLiteral("--db"), k.conninfo});
        QVERIFY2(dry.exitCode == 0, qPrintable(dry.err));
        QCOMPARE(catalogSnapshot(*k.db), catalog);
        const QJsonObject plan = QJsonDocument::fromJson(dry.out.toUtf8()).object();
        QCOMPARE(plan.value(QStringLiteral("dry_run")).toBool(), true);
        QCOMPARE(plan.value(QStringLiteral("already_partitioned")).toBool(), false);
        const Micros boundary = parseIsoTimestamp(plan.value(QStringLiteral("boundary")).toString());
        QVERIFY(boundary >= now + kMicrosPerDay && boundary < now + kMicrosPerDay + kWeek);
        QCOMPARE(plan.value(QStringLiteral("tables")).toArray().size(), 2);
        QCOMPARE(plan.value(QStringLiteral("tables"))
                     .toArray()[0]
                     .toObject()
                     .value(QStringLiteral("new_partitions"))
                     .toArray()
                     .first()
                     .toString(),
                 weeklyPartitionName(QStringLiteral("kudos_ledger"), boundary));
        QVERIFY(plan.value(QStringLiteral("steps")).toArray().size() >= 6);

        const test::CliRun real = test::runCli(
            {QStringLiteral("kudos"), QStringLiteral("swap"), QStringLiteral("--db"), k.conninfo});
        QVERIFY2(real.exitCode == 0, qPrintable(real.err));
        QVERIFY(real.out.contains(QLatin1String("phase 3")));
        QVERIFY(real.out.contains(QLatin1String("exclusive lock")));
        const test::CliRun again =
            test::runCli({QStringLiteral("kudos"), QStringLiteral("swap"), QStringLiteral("--json"),
                          QStringLiteral("--db"), k.conninfo});
        QCOMPARE(again.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(again.out.toUtf8())
                     .object()
                     .value(QStringLiteral("already_partitioned"))
                     .toBool(),
                 true);

        const QString empty = test::TestPostgres::createDatabase(QStringLiteral("kudosswap_empty"));
        const test::CliRun none = test::runCli({QStringLiteral("kudos"), QStringLiteral("swap"),
                                                QStringLiteral("--dry-run"), QStringLiteral("--db"), empty});
        QCOMPARE(none.exitCode, 1); // Error(Schema) maps to exit 1 (app/cli/cliregistry.cpp)
        QVERIFY2(none.err.contains(QLatin1String("has no table users of the kudos schema")),
                 qPrintable(none.err));
    }

    // The CLI (a process) and the console's KudosDataset (a real TaskManager) run the same KudosSwapJob: on
    // two copies of the same data the plan, the steps done, the partitions created and the exit agree.
    void theCliAndTheConsoleSwapAlike() {
        const Micros now = nowMicros();
        KudosDb cli = freshKudos(QStringLiteral("kudosswap_same_cli"), now);
        KudosDb console = freshKudos(QStringLiteral("kudosswap_same_console"), now);
        const QStringList common{QStringLiteral("kudos"),
                                 QStringLiteral("swap"),
                                 QStringLiteral("--json"),
                                 QStringLiteral("--now"),
                                 formatIsoTimestamp(now),
                                 QStringLiteral("--db"),
                                 cli.conninfo};
        TaskManager tasks;
        KudosDataset dataset(&tasks);
        dataset.setSettings(settings());
        dataset.setClock([now] { return now; });
        QSignalSpy loaded(&dataset, &KudosDataset::loaded);
        dataset.setConnection(console.conninfo, QString());
        QVERIFY(loaded.wait(60000));
        QVERIFY2(!dataset.status().partitionProblem.isEmpty(), "the ranges of an unswapped database");
        const auto swap = [&](bool dryRun) {
            QSignalSpy swapped(&dataset, &KudosDataset::swapped);
            if (!dataset.startSwap(dryRun) || !swapped.wait(120000))
                qFatal("the console's swap did not finish");
            return dataset.lastSwap();
        };
        const test::CliRun dry = test::runCli(common + QStringList{QStringLiteral("--dry-run")});
        const KudosSwapReport planned = swap(true);
        QCOMPARE(dry.exitCode, planned.exitCode());
        QJsonArray steps =
            QJsonDocument::fromJson(dry.out.toUtf8()).object().value(QStringLiteral("steps")).toArray();
        QCOMPARE(qsizetype(steps.size()), qsizetype(planned.plan.steps.size()));
        for (qsizetype i = 0; i < steps.size(); ++i)
            QCOMPARE(steps[i].toObject().value(QStringLiteral("description")).toString(),
                     planned.plan.steps[std::size_t(i)].description);

        const test::CliRun real = test::runCli(common);
        QVERIFY2(real.exitCode == 0, qPrintable(real.err));
        QSignalSpy reloaded(&dataset, &KudosDataset::loaded);
        const KudosSwapReport done = swap(false);
        QCOMPARE(real.exitCode, done.exitCode());
        const QJsonObject json = QJsonDocument::fromJson(real.out.toUtf8()).object();
        QCOMPARE(json.value(QStringLiteral("completed")).toBool(), done.swap.completed);
        QVERIFY(done.swap.completed);
        QStringList cliSteps;
        for (const QJsonValue& v : json.value(QStringLiteral("steps_done")).toArray())
            cliSteps << v.toString();
        QCOMPARE(cliSteps, done.swap.stepsDone);
        QStringList cliCreated;
        for (const QJsonValue& v : json.value(QStringLiteral("partitions_created")).toArray())
            cliCreated << v.toString();
        QCOMPARE(cliCreated, done.swap.partitionsCreated);
        // What follows a swap is the dataset's: it reloads, and the ranges are there now.
        QVERIFY(reloaded.wait(60000));
        QVERIFY(dataset.status().partitionProblem.isEmpty());
        QVERIFY(!dataset.status().partitions.empty());
    }

    // A cancel between two steps of the swap stops there: the report says cancelled and lists the steps
    // committed; a later run resumes and completes.
    void aCancelledSwapReportsWhatItDid() {
        const Micros now = nowMicros();
        KudosDb k = freshKudos(QStringLiteral("kudosswap_cancel"), now);
        KudosSwapRequest request;
        request.conninfo = k.conninfo;
        request.settings = settings();
        request.now = now;
        TaskFeedback feedback;
        int steps = 0;
        feedback.setSink([&](const TaskProgress& progress) {
            if (progress.detail.canConvert<SwapStep>() && ++steps == 1)
                feedback.cancel(); // as the first step starts: it runs, the job stops before the second
        });
        const KudosSwapReport cancelled = KudosSwapJob::run(request, feedback);
        QVERIFY(cancelled.cancelled());
        QVERIFY(!cancelled.swap.completed);
        QCOMPARE(cancelled.swap.stepsDone.size(), qsizetype(1));
        QCOMPARE(cancelled.exitCode(), 0);
        QVERIFY(!isPartitioned(*k.db, QStringLiteral("kudos_ledger")));
        TaskFeedback again;
        const KudosSwapReport resumed = KudosSwapJob::run(request, again);
        QVERIFY(resumed.swap.completed);
        QVERIFY(isPartitioned(*k.db, QStringLiteral("kudos_ledger")));
    }
};

QTEST_GUILESS_MAIN(TestKudosSwap)
#include "test_kudosswap.moc"
