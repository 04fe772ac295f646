// Positions on a real Citus cluster (spec/positions.md, "On a distributed engine"): a coordinator and two
// workers that scripts/test-citus.sh starts. The round's survivors against keep_set with one and three jobs,
// the jobs spread over the nodes, the age delete per shard, the layout check and schema migrate
// --distributed. The other positions tests run here too (their _citus runs).
#include "clirunner.h"
#include "error.h"
#include "pgconnection.h"
#include "positionslayout.h"
#include "positionsschema.h"
#include "roundplan.h"
#include "schemamigrator.h"
#include "testcitus.h"
#include "testpostgres.h"
#include "thinninground.h"
#include "thinningstatus.h"
#include "thinningtestdata.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>
#include <mutex>
#include <set>

using namespace tidemark;
using namespace tidemark::positions;

namespace {

Micros nowFor(const PositionSettings& s) {
    return test::kRandomTracksBase + 30 * kMicrosPerHour + s.detailWindow();
}

// The node ("host:port") that holds a mower's rows.
QString nodeOf(PgConnection& db, const QUuid& mowerId) {
    const PgResult r = db.exec(
        QStringLiteral("SELECT nodename || ':' || nodeport FROM pg_dist_shard_placement WHERE shardid ="
                       " get_shard_id_for_distribution_column('mower_positions', $1::uuid)"),
        {mowerId.toString(QUuid::WithoutBraces)});
    return r.rows() ? r.text(0, 0) : QString();
}

// The JSON without the figures that depend on the bytes a table takes, or on the time taken (recursively).
QJsonObject withoutSizes(QJsonObject o) {
    for (const QString& key : o.keys()) {
        if (key.contains(QLatin1String("bytes")) || key.contains(QLatin1String("budget")) ||
            key.contains(QLatin1String("full")) || key == QLatin1String("seconds"))
            o.remove(key);
        else if (o.value(key).isObject())
            o.insert(key, withoutSizes(o.value(key).toObject()));
    }
    return o;
}

long long rows(PgConnection& db, const QString& where = QStringLiteral("true")) {
    return db.exec(QStringLiteral("SELECT count(*) FROM mower_positions WHERE ") + where).toLong(0, 0);
}

} // namespace

class TestCitusRound : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { qputenv("TIDEMARK_TEST_POSITIONS_ENGINE", "citus"); }

    // Random tracks, long mowers and sparse ones: the survivors of a round with one job and with three equal
    // keep_set's row for row (the in-memory store), batches included; a second round has nothing to do. The
    // three jobs thin on both workers.
    void survivorsEqualKeepSetWithOneAndThreeJobs() {
        const PositionSettings settings;
        const Micros now = nowFor(settings);
        for (const int jobs : {1, 3}) {
            std::vector<MowerTrack> tracks = test::someTracks(40u + std::uint32_t(jobs), 24);
            for (std::uint32_t k = 0; k < 3; ++k)
                tracks.push_back(test::inSessions(test::longTrack(500 + k), 600 + k));
            QString info;
            auto db = test::freshPositionsDatabase(QStringLiteral("citus_round_%1").arg(jobs), &info);
            QVERIFY(PositionsLayout::of(*db).distributed);
            test::insertTracks(*db, tracks);
            RoundOptions o = test::roundAt(now);
            o.jobs = jobs;
            o.workerConninfo = info;
            std::mutex seenMutex;
            std::set<QString> thinned;
            o.onSlice = [&](const SliceEvent& e) {
                const std::lock_guard lock(seenMutex);
                thinned.insert(e.mowerId.toString());
            };
            const RoundReport report = ThinningRound(*db, settings).run(o);
            QVERIFY2(report.complete, qPrintable(report.interrupted));
            QVERIFY(report.failures.empty());
            QVERIFY(report.slices > 0);
            QVERIFY(report.deleted > 0);
            test::expectThinnedLikeStore(*db, tracks, settings.thinningCutoff(now));
            std::set<QString> thinnedOn;
            for (const QString& mower : thinned)
                thinnedOn.insert(nodeOf(*db, QUuid::fromString(mower)));
            QCOMPARE(thinnedOn.size(), std::size_t(2)); // the mowers of both workers
            const RoundReport again = ThinningRound(*db, settings).run(o);
            QVERIFY(again.complete);
            QCOMPARE(again.slices, 0LL);
            QCOMPARE(again.deleted, 0LL);
        }
    }

    // With several jobs the queue takes the nodes in turn, each node's mowers in the order they had.
    void jobsTakeTheNodesInTurn() {
        std::vector<MowerThinningStatus> mowers;
        for (int k = 0; k < 6; ++k) {
            MowerThinningStatus s;
            s.mowerId = QUuid::createUuid();
            s.oldest = test::kRandomTracksBase;
            s.node = k < 4 ? QStringLiteral("a:1") : QStringLiteral("b:2");
            s.slicesPending = 10 - k;
            mowers.push_back(s);
        }
        RoundOptions options = test::roundAt(nowFor(PositionSettings{}));
        options.jobs = 3;
        RoundReport report;
        RoundPlan plan(PositionSettings{}, options);
        plan.setMowers(mowers, report);
        QStringList order;
        for (const MowerThinningStatus* m : plan.queue())
            order << m->node;
        QCOMPARE(order, QStringList({"a:1", "b:2", "a:1", "b:2", "a:1", "a:1"}));
        QCOMPARE(plan.queue().front()->slicesPending, 10LL);
        QCOMPARE(plan.queue()[1]->slicesPending, 6LL);
    }

    // Rows past the retention age are deleted on every shard in bounded batches; younger rows stay.
    void ageDeleteRunsOnEveryShardInBatches() {
        const PositionSettings settings;
        const Micros now = nowFor(settings);
        std::vector<MowerTrack> tracks = test::someTracks(77, 20, 400);
        // Every other mower moved three years back: older than the 730 days of retention.
        for (std::size_t k = 0; k < tracks.size(); k += 2) {
            for (PositionRow& r : tracks[k].rows)
                r.observedAt -= 1100 * kMicrosPerDay;
            for (Micros& e : tracks[k].errorInstants)
                e -= 1100 * kMicrosPerDay;
        }
        QString info;
        auto db = test::freshPositionsDatabase(QStringLiteral("citus_age"), &info);
        test::insertTracks(*db, tracks);
        const long long old = rows(*db, QStringLiteral("observed_at < now() - interval '800 days'"));
        const long long young = rows(*db) - old;
        QVERIFY(old > 1000);
        QVERIFY(young > 1000);
        RoundOptions o = test::roundAt(now);
        o.ageDeleteBatch = 97;
        const RoundReport report = ThinningRound(*db, settings).run(o);
        QVERIFY(report.complete);
        QCOMPARE(report.ageDeleted, old);
        QCOMPARE(rows(*db, QStringLiteral("observed_at < now() - interval '800 days'")), 0LL);
        QVERIFY(rows(*db) > 0);
    }

    // Every command checks the layout: a table distributed by another column and one not colocated are
    // named, by the round's job and by schema status; schema migrate --distributed lays a new database out.
    void layoutCheckNamesWhatDiffers() {
        const QString info = test::TestCitus::createDatabase(QStringLiteral("citus_layout"));
        auto db = PgConnection::open(info);
        SchemaMigrator(*db, positionsSchema()).migrate();
        db->exec(QStringLiteral("SELECT create_distributed_table('mower_positions', 'mower_id')"));
        db->exec(QStringLiteral("SELECT create_distributed_table('mower_history', 'observed_at')"));
        db->exec(QStringLiteral("SELECT create_distributed_table('mower_positions_thinning', 'mower_id', "
                                "colocate_with => 'none')"));
        const PositionsLayout layout = PositionsLayout::of(*db);
        QVERIFY(layout.distributed);
        QCOMPARE(layout.problems.size(), 2);
        QVERIFY(layout.problems.join('\n').contains("mower_history is distributed by observed_at"));
        QVERIFY(layout.problems.join('\n').contains("mower_positions_thinning is not colocated"));
        try {
            requirePositionsSchema(*db);
            QFAIL("a wrong layout was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Schema);
            QVERIFY(e.message().contains("mower_history is distributed by observed_at"));
        }
        const test::CliRun status = test::runCli({"positions", "status", "--db", info});
        QCOMPARE(status.exitCode, 1);
        QVERIFY2(status.err.contains("not colocated"), qPrintable(status.err));
        const test::CliRun schema =
            test::runCli({"schema", "status", "--dataset", "positions", "--db", info});
        QCOMPARE(schema.exitCode, 1);
        QVERIFY2(schema.out.contains("layout differs: mower_history is distributed by observed_at"),
                 qPrintable(schema.out));
    }

    void migrateDistributedLaysOutANewDatabase() {
        const QString info = test::TestCitus::createDatabase(QStringLiteral("citus_migrate"));
        const test::CliRun run =
            test::runCli({"schema", "migrate", "--dataset", "positions", "--distributed", "--db", info});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(run.out.contains("layout: a Citus cluster of 3 nodes"), qPrintable(run.out));
        auto db = PgConnection::open(info);
        const PgResult r = db->exec(QStringLiteral(
            "SELECT count(*), count(DISTINCT colocationid), bool_and(partmethod = 'h'), bool_and("
            "column_to_column_name(logicalrelid, partkey) = 'mower_id') FROM pg_dist_partition WHERE"
            " logicalrelid::text IN ('mower_positions', 'mower_history', 'mower_positions_thinning')"));
        QCOMPARE(r.toLong(0, 0), 3LL);
        QCOMPARE(r.toLong(0, 1), 1LL);
        QVERIFY(r.toBool(0, 2));
        QVERIFY(r.toBool(0, 3));
        QVERIFY(PositionsLayout::of(*db).problems.isEmpty());
        // Run again: nothing to do, the layout stays.
        const test::CliRun again =
            test::runCli({"schema", "migrate", "--dataset", "positions", "--distributed", "--db", info});
        QCOMPARE(again.exitCode, 0);
        QVERIFY(again.out.contains("up to date"));
    }

    // The same rows on one server and on the cluster: status, the preview's coverage check of a mower's
    // range, the forecast and the plan print the same JSON but for the database they name.
    void commandsAgreeWithOneServer() {
        std::vector<MowerTrack> tracks = test::someTracks(91, 12, 1200);
        tracks.push_back(test::longTrack(92));
        const QString now = formatIsoTimestamp(nowFor(PositionSettings{}));
        QString citus, single;
        auto a = test::freshPositionsDatabase(QStringLiteral("citus_agree"), &citus);
        qunsetenv("TIDEMARK_TEST_POSITIONS_ENGINE");
        auto b = test::freshPositionsDatabase(QStringLiteral("citus_agree_single"), &single);
        qputenv("TIDEMARK_TEST_POSITIONS_ENGINE", "citus");
        QVERIFY(PositionsLayout::of(*a).distributed);
        QVERIFY(!PositionsLayout::of(*b).distributed);
        test::insertTracks(*a, tracks);
        test::insertTracks(*b, tracks);
        const QUuid mower = tracks.back().mowerId;
        const QString from = formatIsoTimestamp(tracks.back().rows.front().observedAt);
        const QString to = formatIsoTimestamp(tracks.back().rows.back().observedAt + kMicrosPerSecond);
        const QList<QStringList> commands{
            {"positions", "status", "--json", "--now", now},
            {"positions", "coverage", "--json", "--now", now, "--mower", mower.toString(QUuid::WithoutBraces),
             "--from", from, "--to", to},
            {"forecast", "positions", "--json", "--now", now, "--sample-mowers", "all"},
        };
        for (const QStringList& command : commands) {
            const test::CliRun onCitus = test::runCli(command + QStringList{"--db", citus});
            const test::CliRun onOne = test::runCli(command + QStringList{"--db", single});
            QVERIFY2(onCitus.exitCode == onOne.exitCode, qPrintable(command.join(' ') + ": " + onCitus.err));
            QVERIFY2(onOne.exitCode == 0 || onOne.exitCode == 1, qPrintable(onOne.err));
            QString citusOut = onCitus.out, oneOut = onOne.out;
            citusOut.replace(QRegularExpression(QStringLiteral("citus_agree_p\\d+")), QStringLiteral("DB"));
            oneOut.replace(QRegularExpression(QStringLiteral("citus_agree_single_p\\d+")),
                           QStringLiteral("DB"));
            citusOut.replace(QRegularExpression(QStringLiteral("127\\.0\\.0\\.1:\\d+")),
                             QStringLiteral("HOST"));
            oneOut.replace(QRegularExpression(QStringLiteral("127\\.0\\.0\\.1:\\d+")),
                           QStringLiteral("HOST"));
            citusOut.replace(
                QRegularExpression(QStringLiteral("\"(seconds|elapsed_seconds|[a-z_]*_ms)\": [0-9.e-]+")),
                QStringLiteral("TIME"));
            oneOut.replace(
                QRegularExpression(QStringLiteral("\"(seconds|elapsed_seconds|[a-z_]*_ms)\": [0-9.e-]+")),
                QStringLiteral("TIME"));
            // A distributed table's bytes are its shards' (each with its own pages and indexes): the sizes
            // and what is projected from them differ, the rows and their judgement do not.
            const QJsonObject x = withoutSizes(QJsonDocument::fromJson(citusOut.toUtf8()).object());
            const QJsonObject y = withoutSizes(QJsonDocument::fromJson(oneOut.toUtf8()).object());
            QStringList differ;
            for (const QString& key : x.keys() + y.keys())
                if (x.value(key) != y.value(key) && !differ.contains(key))
                    differ << key + QStringLiteral(": ") +
                                  QString::fromUtf8(QJsonDocument(QJsonObject{{"citus", x.value(key)},
                                                                              {"one", y.value(key)}})
                                                        .toJson(QJsonDocument::Compact))
                                      .left(400);
            QVERIFY2(differ.isEmpty(), qPrintable(command.join(' ') + ": " + differ.join('\n')));
        }
        const test::CliRun planCitus =
            test::runCli({"plan", "--json", "--now", now, "--db-positions", citus});
        const test::CliRun planOne = test::runCli({"plan", "--json", "--now", now, "--db-positions", single});
        QVERIFY2(planCitus.exitCode == planOne.exitCode, qPrintable(planCitus.err));
        QVERIFY2(planCitus.out.contains("\"slices\""), qPrintable(planCitus.out.left(2000)));
    }

    // On a server without Citus, --distributed refuses before it writes anything.
    void migrateDistributedRefusesWithoutCitus() {
        const QString info = test::TestPostgres::createDatabase(QStringLiteral("citus_none"));
        const test::CliRun run =
            test::runCli({"schema", "migrate", "--dataset", "positions", "--distributed", "--db", info});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains("no citus extension"), qPrintable(run.err));
        auto db = PgConnection::open(info);
        QVERIFY(!db->relationExists(QStringLiteral("mower_positions")));
        QVERIFY(!db->relationExists(QStringLiteral("tidemark_schema_migrations")));
    }
};

QTEST_GUILESS_MAIN(TestCitusRound)
#include "test_citusround.moc"
