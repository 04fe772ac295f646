#include "error.h"
#include "pgconnection.h"
#include "testcitus.h"

#include <QTest>

using namespace tidemark;

// The Citus test cluster: a database that TestCitus creates has a coordinator and both workers, and a
// distributed table's shards live on both workers.
class TestCitusCluster : public QObject {
    Q_OBJECT
  private slots:
    void distributesATableOverBothWorkers() {
        QString conninfo;
        try {
            conninfo = test::TestCitus::createDatabase(QStringLiteral("tidemark_citus_cluster"));
        } catch (const Error& e) {
            QFAIL(qPrintable(e.message()));
        }
        auto db = PgConnection::open(conninfo, QStringLiteral("tidemark-test"));
        db->exec(QStringLiteral("CREATE TABLE t (k uuid, v int)"));
        db->exec(QStringLiteral("SELECT create_distributed_table('t', 'k')"));
        db->exec(
            QStringLiteral("INSERT INTO t SELECT gen_random_uuid(), g FROM generate_series(1, 1000) AS g"));
        const QString shards = QStringLiteral("FROM citus_shards WHERE table_name = 't'::regclass");
        QVERIFY(db->exec(QStringLiteral("SELECT count(*) ") + shards).toLong(0, 0) > 0);
        QCOMPARE(db->exec(QStringLiteral("SELECT count(DISTINCT nodeport) ") + shards).toLong(0, 0), 2);
        QCOMPARE(db->exec(QStringLiteral("SELECT count(*) FROM t")).toLong(0, 0), 1000);

        // Each worker's copy of the database holds shards of t.
        const QStringList workers = test::TestCitus::workerConninfos(conninfo);
        QCOMPARE(workers.size(), 2);
        for (const QString& worker : workers) {
            auto node = PgConnection::open(worker, QStringLiteral("tidemark-test"));
            // Citus hides shards from catalog queries unless asked not to.
            node->exec(QStringLiteral("SET citus.override_table_visibility = off"));
            QVERIFY2(node->exec(QStringLiteral("SELECT count(*) FROM pg_class WHERE relname ~ '^t_[0-9]+$'"))
                             .toLong(0, 0) > 0,
                     qPrintable(node->describe()));
        }
    }

    // Without the cluster a Citus test fails with what to run; it never skips.
    void saysHowToStartTheClusterWhenNoneIsSet() {
        const QByteArray saved = qgetenv("TIDEMARK_TEST_CITUS");
        qunsetenv("TIDEMARK_TEST_CITUS");
        const bool available = test::TestCitus::available();
        QString message;
        try {
            test::TestCitus::createDatabase(QStringLiteral("tidemark_citus_unset"));
        } catch (const Error& e) {
            message = e.message();
        }
        qputenv("TIDEMARK_TEST_CITUS", saved);
        QVERIFY(!available);
        QCOMPARE(message, QStringLiteral("TIDEMARK_TEST_CITUS is not set: run scripts/run-tests.sh, or "
                                         "scripts/test-citus.sh start DIR and export what it prints"));
    }
};

QTEST_GUILESS_MAIN(TestCitusCluster)
#include "test_citus_cluster.moc"
