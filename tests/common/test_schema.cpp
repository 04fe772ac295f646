#include "common/error.h"
#include "common/pgconnection.h"
#include "common/schemamigrator.h"
#include "testpostgres.h"

#include <QTest>

using namespace tidemark;

// Migrations against a real PostgreSQL 15 server.
class TestSchema : public QObject {
    Q_OBJECT
private slots:
    void migratesEachDatasetIdempotently_data() {
        QTest::addColumn<QString>("dataset");
        QTest::newRow("positions") << "positions";
        QTest::newRow("kudos") << "kudos";
    }
    void migratesEachDatasetIdempotently() {
        QFETCH(QString, dataset);
        auto db = PgConnection::open(test::TestPostgres::createDatabase(QStringLiteral("schema_") + dataset));
        SchemaMigrator migrator(*db, dataset);
        SchemaStatus before = migrator.status();
        QCOMPARE(before.currentVersion, 0);
        QCOMPARE(before.missingTables, DatasetSchema::forName(dataset).requiredTables);
        QVERIFY_THROWS_EXCEPTION(Error, migrator.requireSchema());
        const auto applied = migrator.migrate();
        QCOMPARE(applied.size(), SchemaMigrator::migrations(dataset).size());
        QVERIFY(migrator.migrate().isEmpty());
        const SchemaStatus after = migrator.status();
        QCOMPARE(after.currentVersion, after.latestVersion);
        QVERIFY(after.missingTables.isEmpty());
        migrator.requireSchema();
    }
    void namesTheMissingTable() {
        auto db = PgConnection::open(test::TestPostgres::createDatabase(QStringLiteral("schema_wrong")));
        db->exec(QStringLiteral("CREATE TABLE mower_positions (x int)"));
        SchemaMigrator migrator(*db, QStringLiteral("positions"));
        try {
            migrator.requireSchema();
            QFAIL("a database without mower_history passed");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Schema);
            QVERIFY2(e.message().contains(QLatin1String("mower_history")), qPrintable(e.message()));
        }
    }
    void refusesNewerVersion() {
        auto db = PgConnection::open(test::TestPostgres::createDatabase(QStringLiteral("schema_newer")));
        SchemaMigrator migrator(*db, QStringLiteral("positions"));
        migrator.migrate();
        db->exec(QStringLiteral("INSERT INTO tidemark_schema_migrations (dataset, version, name, checksum) "
                                "VALUES ('positions', 9999, 'future', 'x')"));
        try {
            migrator.migrate();
            QFAIL("a newer schema was migrated");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY(e.message().contains(QLatin1String("9999")));
        }
    }
    void unreachableServerSaysWhich() {
        try {
            PgConnection::open(QStringLiteral("host=127.0.0.1 port=1 dbname=nothing user=nobody connect_timeout=2"));
            QFAIL("connected to port 1");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Connection);
            QVERIFY2(e.message().contains(QLatin1String("127.0.0.1:1")), qPrintable(e.message()));
        }
    }
};

QTEST_GUILESS_MAIN(TestSchema)
#include "test_schema.moc"
