#include "error.h"
#include "kudosschema.h"
#include "pgconnection.h"
#include "positionsschema.h"
#include "schemamigrator.h"
#include "testpostgres.h"

#include <QTest>

using namespace tidemark;

// Migrations against a real PostgreSQL 15 server.
class TestSchema : public QObject {
    Q_OBJECT
  private slots:
    void migratesEachDatasetIdempotently_data() {
        QTest::addColumn<int>("area");
        QTest::newRow("positions") << 0;
        QTest::newRow("kudos") << 1;
    }
    void migratesEachDatasetIdempotently() {
        QFETCH(int, area);
        const DatasetSchema schema = area == 0 ? positions::positionsSchema() : kudos::kudosSchema();
        auto db = PgConnection::open(
            test::TestPostgres::createDatabase(QStringLiteral("schema_") + schema.dataset));
        SchemaMigrator migrator(*db, schema);
        SchemaStatus before = migrator.status();
        QCOMPARE(before.currentVersion, 0);
        QCOMPARE(before.missingTables, schema.requiredTables);
        QVERIFY_THROWS_EXCEPTION(Error, migrator.requireSchema());
        const auto applied = migrator.migrate();
        QCOMPARE(applied.size(), SchemaMigrator::migrations(schema.dataset).size());
        QVERIFY(migrator.migrate().isEmpty());
        const SchemaStatus after = migrator.status();
        QCOMPARE(after.currentVersion, after.latestVersion);
        QVERIFY(after.missingTables.isEmpty());
        migrator.requireSchema();
    }
    void namesTheMissingTable() {
        auto db = PgConnection::open(test::TestPostgres::createDatabase(QStringLiteral("schema_wrong")));
        db->exec(QStringLiteral("CREATE TABLE mower_positions (x int)"));
        SchemaMigrator migrator(*db, positions::positionsSchema());
        try {
            migrator.requireSchema();
            QFAIL("a database without mower_history passed");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Schema);
            QVERIFY2(e.message().contains(QLatin1String("mower_history")), qPrintable(e.message()));
        }
    }
    // The SQLSTATE is read before the result is freed (it used to be read after PQclear): a missing table,
    // column or function is a Schema error with its SQLSTATE, every time; other errors are Failed.
    void sqlErrorsCarryTheirState() {
        auto db = PgConnection::open(test::TestPostgres::createDatabase(QStringLiteral("schema_sqlstate")));
        for (int i = 0; i < 50; ++i) {
            try {
                db->exec(QStringLiteral("SELECT * FROM no_such_table WHERE x = $1"), {i});
                QFAIL("a missing table was read");
            } catch (const Error& e) {
                QCOMPARE(e.kind(), Error::Kind::Schema);
                QCOMPARE(e.sqlState(), QByteArray("42P01"));
                QVERIFY2(e.message().contains(QLatin1String("no_such_table")), qPrintable(e.message()));
            }
        }
        try {
            db->exec(QStringLiteral("SELECT no_such_column FROM pg_class"));
            QFAIL("a missing column was read");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Schema);
            QCOMPARE(e.sqlState(), QByteArray("42703"));
        }
        try {
            db->exec(QStringLiteral("SELECT 1 / 0"));
            QFAIL("divided by zero");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Failed);
            QCOMPARE(e.sqlState(), QByteArray("22012"));
        }
        // Prepared statements report the same way, and the connection stays usable.
        db->prepare("t_missing", QStringLiteral("SELECT $1::int"), 1);
        QVERIFY(db->isPrepared("t_missing"));
        QCOMPARE(db->execPrepared("t_missing", {7}).toLong(0, 0), 7LL);
        QVERIFY_THROWS_EXCEPTION(Error,
                                 db->prepare("t_bad", QStringLiteral("SELECT * FROM no_such_table"), 0));
        QVERIFY(!db->isPrepared("t_bad"));
        QVERIFY(!db->inTransaction());
        db->exec(QStringLiteral("BEGIN"));
        QVERIFY(db->inTransaction());
        QVERIFY_THROWS_EXCEPTION(Error, db->exec(QStringLiteral("SELECT 1 / 0")));
        QVERIFY(db->inTransaction()); // failed, waiting for the rollback
        db->rollbackQuietly();
        QVERIFY(!db->inTransaction());
        QVERIFY(db->backendPid() > 0);
        QCOMPARE(db->exec(QStringLiteral("SELECT 2")).toLong(0, 0), 2LL);
    }

    void parsesConninfo() {
        const auto options =
            PgConnection::parseConninfo(QStringLiteral("host=db1 port=5433 dbname='a b' password=x"));
        const auto value = [&](const char* key) {
            for (const auto& [k, v] : options)
                if (k == QLatin1String(key))
                    return v;
            return QString();
        };
        QCOMPARE(value("host"), QStringLiteral("db1"));
        QCOMPARE(value("port"), QStringLiteral("5433"));
        QCOMPARE(value("dbname"), QStringLiteral("a b"));
        QCOMPARE(value("password"), QStringLiteral("x"));
        QCOMPARE(value("user"), QString()); // only what the string sets
        try {
            PgConnection::parseConninfo(QStringLiteral("host='unterminated"));
            QFAIL("a broken connection string parsed");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Usage);
        }
        QVERIFY(PgConnection::libraryVersion() >= 100000);
    }

    void refusesNewerVersion() {
        auto db = PgConnection::open(test::TestPostgres::createDatabase(QStringLiteral("schema_newer")));
        SchemaMigrator migrator(*db, positions::positionsSchema());
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
            PgConnection::open(
                QStringLiteral("host=127.0.0.1 port=1 dbname=nothing user=nobody connect_timeout=2"));
            QFAIL("connected to port 1");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Connection);
            QVERIFY2(e.message().contains(QLatin1String("127.0.0.1:1")), qPrintable(e.message()));
        }
    }
};

QTEST_GUILESS_MAIN(TestSchema)
#include "test_schema.moc"
