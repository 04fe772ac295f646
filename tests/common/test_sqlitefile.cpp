// SqliteFile, the one opener of SQLite files: every connection hardened (defensive, schema untrusted until
// trustSchema), and a read-only opening that creates and changes nothing, also beside a WAL-mode file.
#include "error.h"
#include "foreignsqlitefile.h"
#include "sqlitefile.h"
#include "testfiles.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <sqlite3.h>

using namespace tidemark;

namespace {

QStringList filesIn(const QString& folder) {
    return test::folderDigests(folder).keys();
}

// An application function that is not marked innocuous, counting its calls.
void countCall(sqlite3_context* context, int, sqlite3_value**) {
    ++*static_cast<int*>(sqlite3_user_data(context));
    sqlite3_result_int(context, 1);
}

qint64 scalar(SqliteFile& file, const QString& sql) {
    SqliteStatement q = file.prepare(sql);
    return q.step() ? q.toInt64(0) : -1;
}

} // namespace

class TestSqliteFile : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString database(const QString& folder, bool wal) {
        QDir(m_dir.path()).mkpath(folder);
        return test::writeForeignSqliteFile(m_dir.filePath(folder + QStringLiteral("/db.sqlite")), wal);
    }

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void everyConnectionIsHardened() {
        const QString path = database(QStringLiteral("hardened"), false);
        for (SqliteFile::Mode mode : {SqliteFile::Mode::ReadOnly, SqliteFile::Mode::ReadWrite}) {
            SqliteFile file(path, mode);
            int defensive = -1, trusted = -1;
            sqlite3_db_config(file.handle(), SQLITE_DBCONFIG_DEFENSIVE, -1, &defensive);
            sqlite3_db_config(file.handle(), SQLITE_DBCONFIG_TRUSTED_SCHEMA, -1, &trusted);
            QCOMPARE(defensive, 1);
            QCOMPARE(trusted, 0);
            QCOMPARE(scalar(file, QStringLiteral("PRAGMA trusted_schema")), 0);
        }
        // Defensive: the schema cannot be written as a table.
        SqliteFile file(path, SqliteFile::Mode::ReadWrite);
        file.exec(QStringLiteral("PRAGMA writable_schema=ON"));
        QVERIFY_THROWS_EXCEPTION(Error, file.exec(QStringLiteral("UPDATE sqlite_master SET sql = 'x'")));
    }

    // A function not marked innocuous does not run from the schema's triggers until trustSchema(); called
    // directly it does.
    void triggersMayNotCallUnsafeFunctionsUntilTrusted() {
        const QString path = database(QStringLiteral("trust"), true);
        SqliteFile file(path, SqliteFile::Mode::ReadWrite);
        int calls = 0;
        QCOMPARE(sqlite3_create_function_v2(file.handle(), "count_call", 0, SQLITE_UTF8, &calls, countCall,
                                            nullptr, nullptr, nullptr),
                 SQLITE_OK);
        file.exec(QStringLiteral(
            "CREATE TRIGGER notes_insert AFTER INSERT ON notes BEGIN SELECT count_call(); END"));
        try {
            file.exec(QStringLiteral("INSERT INTO notes (body) VALUES ('x')"));
            QFAIL("the trigger ran an unsafe function");
        } catch (const Error& e) {
            QVERIFY2(e.message().contains(QLatin1String("unsafe use of count_call()")),
                     qPrintable(e.message()));
        }
        QCOMPARE(calls, 0);
        QCOMPARE(scalar(file, QStringLiteral("SELECT count(*) FROM notes")), 2);
        QCOMPARE(scalar(file, QStringLiteral("SELECT count_call()")), 1);
        file.trustSchema();
        file.exec(QStringLiteral("INSERT INTO notes (body) VALUES ('x')"));
        QCOMPARE(calls, 2);
    }

    // Read-only: nothing beside the file afterwards, and its bytes unchanged, in rollback-journal and WAL
    // mode (where SQLite itself would leave a -wal and a -shm behind). SQLite goes by the header's read
    // version alone (byte 19): a header whose write version (byte 18) says otherwise is in WAL mode too (the
    // MBTiles fuzzer's first finding).
    void readOnlyCreatesNothing_data() {
        QTest::addColumn<bool>("wal");
        QTest::addColumn<int>("writeVersion"); // byte 18 of the header, -1 as SQLite wrote it
        QTest::newRow("rollback journal") << false << -1;
        QTest::newRow("WAL") << true << -1;
        QTest::newRow("WAL read version, legacy write version") << true << 1;
        QTest::newRow("WAL read version, unknown write version") << true << 37;
    }
    void readOnlyCreatesNothing() {
        QFETCH(bool, wal);
        QFETCH(int, writeVersion);
        const QString folder = QStringLiteral("ro-%1-%2").arg(wal ? "wal" : "rollback").arg(writeVersion + 1);
        const QString path = database(folder, wal);
        if (writeVersion >= 0) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::ReadWrite));
            QVERIFY(file.seek(18));
            QCOMPARE(file.write(QByteArray(1, static_cast<char>(writeVersion))), 1);
        }
        const QStringList before = filesIn(m_dir.filePath(folder));
        QCOMPARE(before, QStringList{QStringLiteral("db.sqlite")});
        const QMap<QString, QByteArray> digests = test::folderDigests(m_dir.filePath(folder));
        {
            SqliteFile file(path, SqliteFile::Mode::ReadOnly);
            QCOMPARE(scalar(file, QStringLiteral("SELECT count(*) FROM notes")), 2);
            QCOMPARE(file.schemaObjects().size(), 1);
            QVERIFY_THROWS_EXCEPTION(Error,
                                     file.exec(QStringLiteral("INSERT INTO notes (body) VALUES ('x')")));
            QCOMPARE(filesIn(m_dir.filePath(folder)), before);
        }
        QCOMPARE(test::folderDigests(m_dir.filePath(folder)), digests);
    }

    // A WAL-mode file that another connection has open is read through its -wal: the reader sees what was
    // committed there, and the -wal and -shm go with the writer.
    void readOnlySeesALiveWal() {
        const QString path = database(QStringLiteral("live"), true);
        {
            SqliteFile writer(path, SqliteFile::Mode::ReadWrite);
            writer.exec(QStringLiteral("INSERT INTO notes (body) VALUES ('x')")); // committed into the -wal
            QVERIFY(QFile::exists(path + QStringLiteral("-wal")) &&
                    QFile::exists(path + QStringLiteral("-shm")));
            SqliteFile reader(path, SqliteFile::Mode::ReadOnly);
            QCOMPARE(scalar(reader, QStringLiteral("SELECT count(*) FROM notes")), 3);
        }
        QCOMPARE(filesIn(m_dir.filePath(QStringLiteral("live"))), QStringList{QStringLiteral("db.sqlite")});
        SqliteFile again(path, SqliteFile::Mode::ReadOnly);
        QCOMPARE(scalar(again, QStringLiteral("SELECT count(*) FROM notes")), 3);
    }

    // A progress check is asked every kProgressSteps steps of any statement and stops one that would never
    // end (a recursive query) with an Error naming the file; without it the connection runs on as before.
    void aProgressCheckStopsAStatement() {
        const QString path = database(QStringLiteral("progress"), false);
        SqliteFile file(path, SqliteFile::Mode::ReadOnly);
        int calls = 0;
        file.setProgressCheck([&] { return ++calls == 50; });
        try {
            scalar(file, QStringLiteral("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
                                        "SELECT count(*) FROM r"));
            QFAIL("an endless query ended");
        } catch (const Error& e) {
            QVERIFY2(e.message().contains(path) && e.message().contains(QLatin1String("interrupted")),
                     qPrintable(e.message()));
        }
        QCOMPARE(calls, 50);
        file.setProgressCheck({});
        QCOMPARE(scalar(file, QStringLiteral("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r "
                                             "WHERE n < 100000) SELECT count(*) FROM r")),
                 100000);
        QCOMPARE(calls, 50);
    }

    void schemaObjectsNameWhatTheyAre() {
        const QString path = database(QStringLiteral("objects"), false);
        SqliteFile file(path, SqliteFile::Mode::ReadWrite);
        file.exec(QStringLiteral("CREATE INDEX notes_body ON notes (body)"));
        const QList<SqliteFile::SchemaObject> objects = file.schemaObjects();
        QCOMPARE(objects.size(), 2);
        QCOMPARE(objects[0].description(), QStringLiteral("table notes"));
        QCOMPARE(objects[1].description(), QStringLiteral("index notes_body on notes"));
        QCOMPARE(objects[1].sql, QStringLiteral("CREATE INDEX notes_body ON notes (body)"));
    }
};

QTEST_GUILESS_MAIN(TestSqliteFile)
#include "test_sqlitefile.moc"
