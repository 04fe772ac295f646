#include "archivefixtures.h"
#include "archiverestorer.h"
#include "archiveurl.h"
#include "csvcontentdigest.h"
#include "csvrecordreader.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "partitionexporter.h"
#include "pgconnection.h"
#include "sqlitestatement.h"
#include "taskfeedback.h"
#include "testpostgres.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <sqlite3.h>
#include <sys/stat.h>

using namespace tidemark;
using namespace tidemark::archive;
using namespace tidemark::test;

namespace {

const auto [kLo, kHi, kExportedAt] = test::archiveTestWeek();

// A store in front of another that hands out reads in small chunks (so that a cancel lands mid-object) and
// can flip one byte of the n-th read of an object (an object that changes after it was verified).
class ChunkingStore : public ArchiveStore {
  public:
    explicit ChunkingStore(ArchiveStore& inner) : m_inner(inner) {}
    bool flipEverySecondRead = false; // the 2nd, 4th, ... read of an object gets its middle byte flipped
    int objectReads = 0;

    QString describe() const override { return m_inner.describe(); }
    bool exists(const QString& key) override { return m_inner.exists(key); }
    QList<ArchiveObjectInfo> list(const QString& prefix) override { return m_inner.list(prefix); }
    qint64 usedBytes(const QString& prefix) override { return m_inner.usedBytes(prefix); }
    void putFile(const QString& key, const QString& path) override { m_inner.putFile(key, path); }
    QByteArray readAll(const QString& key, qint64 maxBytes) override {
        return m_inner.readAll(key, maxBytes);
    }
    void read(const QString& key, const Sink& sink) override {
        const bool flip =
            key.endsWith(QLatin1String(".csv.zst")) && ++objectReads % 2 == 0 && flipEverySecondRead;
        QByteArray all = m_inner.readAll(key, 1 << 30);
        if (flip)
            all[all.size() / 2] = static_cast<char>(all[all.size() / 2] ^ 0x01);
        for (qsizetype at = 0; at < all.size(); at += 4096)
            sink(all.constData() + at, std::min<qsizetype>(4096, all.size() - at));
    }

  private:
    ArchiveStore& m_inner;
};

QList<QStringList> sqliteRows(const QString& path, const QString& sql, int columns) {
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
        qFatal("cannot open %s", qPrintable(path));
    QList<QStringList> rows;
    {
        SqliteStatement q(db, sql, path);
        while (q.step()) {
            QStringList row;
            for (int i = 0; i < columns; ++i)
                row.append(q.isNull(i) ? QString() : q.text(i));
            rows.append(row);
        }
    }
    sqlite3_close(db);
    return rows;
}

QString rangeSql() {
    return QStringLiteral("created >= '%1' AND created < '%2'")
        .arg(formatIsoTimestamp(kLo).left(10), formatIsoTimestamp(kHi).left(10));
}

} // namespace

class TestArchiveRestore : public QObject {
    Q_OBJECT

    QString m_conninfo;
    std::unique_ptr<PgConnection> m_db;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ArchiveStore> m_store;

    QString objectPath(const QString& key) const { return m_dir->path() + QStringLiteral("/archive/") + key; }
    QString sqlitePath() const { return m_dir->filePath(QStringLiteral("restore.sqlite")); }

    ExportResult exportWeek(const QString& table) {
        PartitionExporter exporter(*m_db, *m_store, kudos::kudosArchiveLayout());
        return exporter.exportRange({table == QLatin1String("kudos_ledger") ? QStringLiteral("currency")
                                                                            : QStringLiteral("statistics"),
                                     table, QString(), kLo, kHi},
                                    kExportedAt, test::unwatched());
    }

    bool tableExists(const QString& name) {
        return !m_db->exec(QStringLiteral("SELECT to_regclass($1)"), {name}).isNull(0, 0);
    }
    qint64 count(const QString& sql) { return m_db->exec(sql).toLong(0, 0); }

    // Both ways: the source week EXCEPT ALL the restored table, and the other way, are empty.
    void compareWithSource(const QString& source, const QString& restored) {
        const QString week = QStringLiteral("(SELECT * FROM %1 WHERE %2)").arg(source, rangeSql());
        QVERIFY(count(QStringLiteral("SELECT count(*) FROM %1 w").arg(week)) > 1000);
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM %1").arg(restored)),
                 count(QStringLiteral("SELECT count(*) FROM %1 w").arg(week)));
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM (%1 EXCEPT ALL SELECT * FROM %2) d")
                           .arg(week, restored)),
                 0);
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM (SELECT * FROM %2 EXCEPT ALL %1) d")
                           .arg(week, restored)),
                 0);
    }

    void editManifest(const QString& manifestKey, const std::function<void(QJsonObject&)>& change) {
        editJsonFile(objectPath(manifestKey), change);
    }

    void expectRefusedAndNothingLoaded(ArchiveStore& store, const QString& key, const QString& why) {
        ArchiveRestorer restorer(store, kudos::kudosArchiveLayout());
        try {
            restorer.restoreIntoTable(key, *m_db, QStringLiteral("restored.refused"), test::unwatched());
            QFAIL("a bad object was restored into a table");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY2(e.message().contains(why) && e.message().contains(QStringLiteral("nothing was loaded")),
                     qPrintable(e.message()));
        }
        QVERIFY(!tableExists(QStringLiteral("restored.refused")));
        QVERIFY(!m_db->inTransaction());
        try {
            restorer.restoreIntoSqlite(key, sqlitePath(), test::unwatched());
            QFAIL("a bad object was restored into SQLite");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY2(e.message().contains(why), qPrintable(e.message()));
        }
        QVERIFY(!QFileInfo::exists(sqlitePath()));
    }

  private slots:
    void initTestCase() {
        m_conninfo = test::archiveKudosDatabase(QStringLiteral("archive_restore"));
        m_db = PgConnection::open(m_conninfo);
    }

    void init() {
        m_dir = std::make_unique<QTemporaryDir>();
        m_store = openInitialisedArchive(m_dir->path() + QStringLiteral("/archive"));
        m_db->exec(QStringLiteral("DROP SCHEMA IF EXISTS restored CASCADE"));
    }

    void roundTripIntoTable() {
        const ExportResult ledger = exportWeek(QStringLiteral("kudos_ledger"));
        const RestoreResult r =
            ArchiveRestorer(*m_store, kudos::kudosArchiveLayout())
                .restoreIntoTable(ledger.objectKey, *m_db, QStringLiteral("restored.ledger_week"),
                                  test::unwatched());
        QVERIFY(r.tableCreated);
        QVERIFY(!r.alreadyRestored);
        QCOMPARE(r.rows, ledger.rows);
        QCOMPARE(r.manifest, ledger.manifest);
        QCOMPARE(r.objectBytes, ledger.objectBytes);
        QCOMPARE(r.target, QStringLiteral("\"restored\".\"ledger_week\""));
        compareWithSource(QStringLiteral("kudos_ledger"), QStringLiteral("restored.ledger_week"));
        // Typed as the source table.
        QCOMPARE(
            m_db->exec(QStringLiteral("SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE "
                                      "attrelid = 'restored.ledger_week'::regclass AND attname = 'amount'"))
                .text(0, 0),
            QStringLiteral("numeric(20,2)"));

        // Statistic rows: worker targets with a NULL user, jsonb details, quarantine columns.
        const ExportResult stats = exportWeek(QStringLiteral("kudos_stat_events"));
        QVERIFY(ArchiveRestorer(*m_store, kudos::kudosArchiveLayout())
                    .restoreIntoTable(stats.objectKey, *m_db, QStringLiteral("restored.stats_week"),
                                      test::unwatched())
                    .tableCreated);
        compareWithSource(QStringLiteral("kudos_stat_events"), QStringLiteral("restored.stats_week"));
        QVERIFY(count(QStringLiteral("SELECT count(*) FROM restored.stats_week WHERE user_id IS NULL")) > 0);
    }

    void withoutTheSourceTableEveryColumnIsText() {
        const ExportResult ledger = exportWeek(QStringLiteral("kudos_ledger"));
        auto bare =
            PgConnection::open(test::TestPostgres::createDatabase(QStringLiteral("archive_restore_bare")));
        const RestoreResult r =
            ArchiveRestorer(*m_store, kudos::kudosArchiveLayout())
                .restoreIntoTable(ledger.objectKey, *bare, QStringLiteral("ledger_week"), test::unwatched());
        QCOMPARE(r.rows, ledger.rows);
        QCOMPARE(
            bare->exec(QStringLiteral("SELECT DISTINCT format_type(atttypid, atttypmod) FROM pg_attribute "
                                      "WHERE attrelid = 'ledger_week'::regclass AND attnum > 0"))
                .text(0, 0),
            QStringLiteral("text"));
        // The text is the archived CSV's, byte for byte.
        CsvContentDigest digest;
        bare->copyOut(
            QStringLiteral("COPY (SELECT * FROM ledger_week ORDER BY id::bigint) TO STDOUT (FORMAT csv, "
                           "HEADER)"),
            [&](const char* data, int length) { digest.feed(data, length); });
        digest.finish();
        QCOMPARE(digest.contentSha256(), ledger.manifest.contentSha256);
        // A second restore recognises its rows (ordered by id as a number).
        QVERIFY(
            ArchiveRestorer(*m_store, kudos::kudosArchiveLayout())
                .restoreIntoTable(ledger.objectKey, *bare, QStringLiteral("ledger_week"), test::unwatched())
                .alreadyRestored);
    }

    void secondRestoreIsIdempotentAndOtherRowsAreRefused() {
        const ExportResult ledger = exportWeek(QStringLiteral("kudos_ledger"));
        ArchiveRestorer restorer(*m_store, kudos::kudosArchiveLayout());
        restorer.restoreIntoTable(ledger.objectKey, *m_db, QStringLiteral("restored.ledger_week"),
                                  test::unwatched());
        const RestoreResult again = restorer.restoreIntoTable(
            ledger.objectKey, *m_db, QStringLiteral("restored.ledger_week"), test::unwatched());
        QVERIFY(again.alreadyRestored);
        QCOMPARE(again.rows, 0);
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM restored.ledger_week")), ledger.rows);

        // One row changed: not this object's rows any more.
        m_db->exec(QStringLiteral("UPDATE restored.ledger_week SET amount = amount + 0.01 WHERE id = (SELECT "
                                  "min(id) FROM restored.ledger_week)"));
        try {
            restorer.restoreIntoTable(ledger.objectKey, *m_db, QStringLiteral("restored.ledger_week"),
                                      test::unwatched());
            QFAIL("restored over other rows");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY2(e.message().contains(
                         QStringLiteral("holds %1 row(s) that are no longer the rows").arg(ledger.rows)),
                     qPrintable(e.message()));
        }
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM restored.ledger_week")), ledger.rows);

        // The comment is what makes it an earlier restore of this object: without it, it is any table.
        m_db->exec(QStringLiteral("COMMENT ON TABLE restored.ledger_week IS NULL"));
        try {
            restorer.restoreIntoTable(ledger.objectKey, *m_db, QStringLiteral("restored.ledger_week"),
                                      test::unwatched());
            QFAIL("restored into a table that is no earlier restore");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY2(e.message().contains(
                         QStringLiteral("exists and is not an earlier restore of %1").arg(ledger.objectKey)),
                     qPrintable(e.message()));
        }
    }

    // The comment a restore table carries, written in the restore's transaction.
    void restoreTablesNameTheirObject() {
        const ExportResult ledger = exportWeek(QStringLiteral("kudos_ledger"));
        ArchiveRestorer(*m_store, kudos::kudosArchiveLayout())
            .restoreIntoTable(ledger.objectKey, *m_db, QStringLiteral("RESTORED.Week"), test::unwatched());
        QCOMPARE(m_db->exec(QStringLiteral("SELECT obj_description('restored.week'::regclass, 'pg_class')"))
                     .text(0, 0),
                 QStringLiteral("tidemark restore of %1 content_sha256 %2")
                     .arg(ledger.objectKey, ledger.manifest.contentSha256));
    }

    // --into never names a table of the dataset, in any spelling, nor any table that is not an earlier
    // restore of the object: each is refused before any CREATE, LOCK or COPY. Another session holds a SHARE
    // lock on every table the restore could touch, so a LOCK or COPY would wait into the lock timeout
    // instead.
    void intoNeverNamesATableOfTheDataset() {
        const ExportResult ledger = exportWeek(QStringLiteral("kudos_ledger"));
        m_db->execScript(QStringLiteral(
            "DROP SCHEMA IF EXISTS part CASCADE; CREATE SCHEMA part; "
            "CREATE TABLE part.kudos_ledger (LIKE public.kudos_ledger) PARTITION BY RANGE (created); "
            "CREATE TABLE part.kudos_ledger_p20261116 PARTITION OF part.kudos_ledger "
            "  FOR VALUES FROM ('2026-11-16') TO ('2026-11-23'); "
            "CREATE TABLE part.kudos_ledger_rest PARTITION OF part.kudos_ledger DEFAULT; "
            "CREATE TABLE part.other_parent (LIKE public.kudos_ledger) PARTITION BY RANGE (created); "
            "CREATE TABLE part.other_child PARTITION OF part.other_parent DEFAULT; "
            "CREATE SCHEMA restored; CREATE TABLE restored.empty (LIKE public.kudos_ledger)"));
        auto holder = PgConnection::open(m_conninfo);
        holder->exec(QStringLiteral("BEGIN"));
        holder->exec(
            QStringLiteral("LOCK TABLE public.kudos_ledger, public.kudos_stat_events, part.kudos_ledger, "
                           "restored.empty, public.users, part.other_parent IN SHARE MODE"));
        m_db->exec(QStringLiteral("SET lock_timeout = '3s'"));
        const auto relations = [&] { return count(QStringLiteral("SELECT count(*) FROM pg_class")); };
        const qint64 relationsBefore = relations();
        const qint64 ledgerRows = count(QStringLiteral("SELECT count(*) FROM public.kudos_ledger"));
        for (const auto& [target, why] :
             {std::pair{QStringLiteral("kudos_ledger"),
                        QStringLiteral("is the dataset's table kudos_ledger")},
              std::pair{QStringLiteral("public.kudos_ledger"),
                        QStringLiteral("is the dataset's table kudos_ledger")},
              std::pair{QStringLiteral("PUBLIC.KUDOS_LEDGER"),
                        QStringLiteral("is the dataset's table kudos_ledger")},
              std::pair{QStringLiteral("kudos_stat_events"),
                        QStringLiteral("is the dataset's table kudos_stat_events")},
              std::pair{QStringLiteral("part.kudos_ledger"),
                        QStringLiteral("is the dataset's table kudos_ledger")},
              std::pair{QStringLiteral("part.kudos_ledger_p20261116"),
                        QStringLiteral("is a partition of the dataset's table kudos_ledger")},
              std::pair{QStringLiteral("part.kudos_ledger_rest"),
                        QStringLiteral("is a partition of the dataset's table kudos_ledger")},
              std::pair{QStringLiteral("part.other_child"),
                        QStringLiteral("is a partition of another table")},
              std::pair{QStringLiteral("public.kudos_ledger_p20990105"),
                        QStringLiteral("would take a name of the dataset's in schema public")},
              std::pair{QStringLiteral("kudos_stat_events_p20990105"),
                        QStringLiteral("would take a name of the dataset's in schema public")},
              std::pair{QStringLiteral("restored.empty"),
                        QStringLiteral("exists and is not an earlier restore")},
              std::pair{QStringLiteral("users"), QStringLiteral("exists and is not an earlier restore")}}) {
            try {
                ArchiveRestorer(*m_store, kudos::kudosArchiveLayout())
                    .restoreIntoTable(ledger.objectKey, *m_db, target, test::unwatched());
                QFAIL(qPrintable(QStringLiteral("restored into %1").arg(target)));
            } catch (const Error& e) {
                QVERIFY2(e.kind() == Error::Kind::Refused && e.message().contains(why) &&
                             e.message().contains(QStringLiteral("nothing was created or loaded")),
                         qPrintable(target + QStringLiteral(": ") + e.message()));
            }
            QVERIFY(!m_db->inTransaction());
        }
        holder->exec(QStringLiteral("ROLLBACK"));
        m_db->exec(QStringLiteral("RESET lock_timeout"));
        QCOMPARE(relations(), relationsBefore);
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM public.kudos_ledger")), ledgerRows);
        QCOMPARE(count(QStringLiteral("SELECT count(*) FROM restored.empty")), 0);
        // A name of its own in another schema is fine, the dataset's name included.
        QCOMPARE(ArchiveRestorer(*m_store, kudos::kudosArchiveLayout())
                     .restoreIntoTable(ledger.objectKey, *m_db, QStringLiteral("restored.kudos_ledger"),
                                       test::unwatched())
                     .rows,
                 ledger.rows);
        m_db->execScript(QStringLiteral("DROP SCHEMA part CASCADE"));
    }

    void badTableNamesAreUsageErrors() {
        const ExportResult ledger = exportWeek(QStringLiteral("kudos_ledger"));
        for (const QString& name : {QStringLiteral("a.b.c"), QStringLiteral("x;drop"), QString()}) {
            try {
                ArchiveRestorer(*m_store, kudos::kudosArchiveLayout())
                    .restoreIntoTable(ledger.objectKey, *m_db, name, test::unwatched());
                QFAIL("accepted a bad table name");
            } catch (const Error& e) {
                QCOMPARE(e.kind(), Error::Kind::Usage);
            }
        }
    }

    void roundTripIntoSqlite() {
        const ExportResult ledger = exportWeek(QStringLiteral("kudos_ledger"));
        const ExportResult stats = exportWeek(QStringLiteral("kudos_stat_events"));
        ArchiveRestorer restorer(*m_store, kudos::kudosArchiveLayout());
        const RestoreResult r = restorer.restoreIntoSqlite(ledger.objectKey, sqlitePath(), test::unwatched());
        QCOMPARE(r.rows, ledger.rows);
        QVERIFY(r.tableCreated);
        QCOMPARE(restorer.restoreIntoSqlite(stats.objectKey, sqlitePath(), test::unwatched()).rows,
                 stats.rows);

        for (const ExportResult* e : {&ledger, &stats}) {
            const int width = static_cast<int>(e->manifest.columns.size());
            const QList<QStringList> source = copyRecords(
                *m_db, QStringLiteral("COPY (SELECT * FROM %1 WHERE %2 ORDER BY id) TO STDOUT (FORMAT csv)")
                           .arg(e->manifest.dataset, rangeSql()));
            const QList<QStringList> restored = sqliteRows(
                sqlitePath(), QStringLiteral("SELECT * FROM %1 ORDER BY id").arg(e->manifest.dataset), width);
            QCOMPARE(restored.size(), source.size());
            QCOMPARE(restored, source);
        }
        // Integers are integers for the console (sorting, filtering), the amounts keep their exact text.
        QCOMPARE(
            sqliteRows(sqlitePath(),
                       QStringLiteral(
                           "SELECT typeof(id), typeof(user_id), typeof(amount) FROM kudos_ledger LIMIT 1"),
                       3)
                .first(),
            (QStringList{QStringLiteral("integer"), QStringLiteral("integer"), QStringLiteral("text")}));

        const QList<QStringList> manifests = sqliteRows(
            sqlitePath(),
            QStringLiteral(
                "SELECT object_key, dataset, rows, content_sha256, verified_at, manifest_json FROM "
                "restore_manifest ORDER BY object_key"),
            6);
        QCOMPARE(manifests.size(), 2);
        QCOMPARE(manifests[0][0], ledger.objectKey);
        QCOMPARE(manifests[0][2], QString::number(ledger.rows));
        QCOMPARE(manifests[0][3], ledger.manifest.contentSha256);
        QCOMPARE(manifests[0][4], formatIsoTimestamp(r.verifiedAt));
        QCOMPARE(ArchiveManifest::parse(manifests[0][5].toUtf8(), kudos::kudosArchiveLayout()),
                 ledger.manifest);
        QCOMPARE(manifests[1][0], stats.objectKey);

        // Again: already there, nothing added.
        const QByteArray before = readFile(sqlitePath());
        QVERIFY(
            restorer.restoreIntoSqlite(ledger.objectKey, sqlitePath(), test::unwatched()).alreadyRestored);
        QCOMPARE(readFile(sqlitePath()), before);
    }

    // Restored rows are private: the file 0600, its folder 0700 (made when missing), an older restore file
    // 0644 tightened, and a folder that others can open refused with nothing written.
    void sqliteRestoreFilesArePrivate() {
        const ExportResult ledger = exportWeek(QStringLiteral("kudos_ledger"));
        const ExportResult stats = exportWeek(QStringLiteral("kudos_stat_events"));
        const auto mode = [](const QString& path) {
            struct stat st {};
            return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? (st.st_mode & 07777) : 07777u;
        };
        ArchiveRestorer restorer(*m_store, kudos::kudosArchiveLayout());
        const QString folder = m_dir->filePath(QStringLiteral("disputes"));
        const QString file = folder + QStringLiteral("/restore.sqlite");
        restorer.restoreIntoSqlite(ledger.objectKey, file, test::unwatched());
        QCOMPARE(mode(folder), 0700u);
        QCOMPARE(mode(file), 0600u);

        QVERIFY(QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup |
                                                QFile::ReadOther));
        QCOMPARE(mode(file), 0644u);
        QCOMPARE(restorer.restoreIntoSqlite(stats.objectKey, file, test::unwatched()).rows, stats.rows);
        QCOMPARE(mode(file), 0600u);
        QCOMPARE(mode(file + QStringLiteral("-journal")), 07777u); // none left behind

        const QString open = m_dir->filePath(QStringLiteral("open"));
        QVERIFY(QDir().mkdir(open));
        QVERIFY(::chmod(QFile::encodeName(open).constData(), 0755) == 0);
        try {
            restorer.restoreIntoSqlite(ledger.objectKey, open + QStringLiteral("/restore.sqlite"),
                                       test::unwatched());
            QFAIL("restored into a folder others can open");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY2(e.message().contains(QStringLiteral("is mode 0755")), qPrintable(e.message()));
        }
        QCOMPARE(QDir(open).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden), QStringList());

        const QString link = folder + QStringLiteral("/link.sqlite");
        QVERIFY(QFile::link(file, link));
        try {
            restorer.restoreIntoSqlite(ledger.objectKey, link, test::unwatched());
            QFAIL("restored through a symbolic link");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY2(e.message().contains(QStringLiteral("is a symbolic link")), qPrintable(e.message()));
        }
    }

    void sqliteFileThatIsNotARestoreIsRefused() {
        const ExportResult ledger = exportWeek(QStringLiteral("kudos_ledger"));
        sqlite3* db = nullptr;
        QCOMPARE(sqlite3_open(QFile::encodeName(sqlitePath()).constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "CREATE TABLE tracks (id INTEGER)", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        const QByteArray before = readFile(sqlitePath());
        try {
            ArchiveRestorer(*m_store, kudos::kudosArchiveLayout())
                .restoreIntoSqlite(ledger.objectKey, sqlitePath(), test::unwatched());
            QFAIL("restored into a file that is not a restore file");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Refused);
            QVERIFY2(e.message().contains(QStringLiteral("not a Tidemark restore file")),
                     qPrintable(e.message()));
        }
        QCOMPARE(readFile(sqlitePath()), before);
    }

    void flippedByteLoadsNothing() {
        const ExportResult r = exportWeek(QStringLiteral("kudos_ledger"));
        flipMiddleByte(objectPath(r.objectKey));
        expectRefusedAndNothingLoaded(*m_store, r.objectKey, QStringLiteral("object sha256 differs"));
    }

    void truncatedObjectLoadsNothing() {
        const ExportResult r = exportWeek(QStringLiteral("kudos_ledger"));
        const QByteArray bytes = readFile(objectPath(r.objectKey));
        writeFile(objectPath(r.objectKey), bytes.left(bytes.size() - 100));
        expectRefusedAndNothingLoaded(*m_store, r.objectKey, QStringLiteral("object size differs"));
    }

    void manifestWithWrongTotalsLoadsNothing() {
        const ExportResult r = exportWeek(QStringLiteral("kudos_ledger"));
        const QString user = r.manifest.totals.firstKey();
        editManifest(r.manifestKey, [&](QJsonObject& o) {
            QJsonObject totals = o.value(QStringLiteral("totals")).toObject();
            QJsonObject entry = totals.value(user).toObject();
            entry.insert(QStringLiteral("escrow_sum"), QStringLiteral("99999.99"));
            totals.insert(user, entry);
            o.insert(QStringLiteral("totals"), totals);
        });
        expectRefusedAndNothingLoaded(*m_store, r.objectKey,
                                      QStringLiteral("totals of user %1 differ").arg(user));
    }

    void missingManifestLoadsNothing() {
        const ExportResult r = exportWeek(QStringLiteral("kudos_ledger"));
        QVERIFY(QFile::remove(objectPath(r.manifestKey)));
        expectRefusedAndNothingLoaded(*m_store, r.objectKey,
                                      QStringLiteral("manifest %1 is missing").arg(r.manifestKey));
    }

    void unknownSchemaVersionLoadsNothing() {
        const ExportResult r = exportWeek(QStringLiteral("kudos_ledger"));
        editManifest(r.manifestKey, [](QJsonObject& o) { o.insert(QStringLiteral("schema_version"), 3); });
        expectRefusedAndNothingLoaded(*m_store, r.objectKey, QStringLiteral("schema_version 3 is not known"));
    }

    void objectChangedAfterVerificationLoadsNothing() {
        const ExportResult r = exportWeek(QStringLiteral("kudos_ledger"));
        ChunkingStore changing(*m_store);
        changing.flipEverySecondRead = true; // the verification reads it intact, the load does not
        expectRefusedAndNothingLoaded(changing, r.objectKey, QStringLiteral("changed after it was verified"));
        QCOMPARE(changing.objectReads, 4);
    }

    void cancelMidRestoreLeavesNothing() {
        const ExportResult r = exportWeek(QStringLiteral("kudos_ledger"));
        QVERIFY(r.objectBytes > 3 * 4096);
        ChunkingStore chunks(*m_store);
        ArchiveRestorer restorer(chunks, kudos::kudosArchiveLayout());
        for (const QString& target : {QStringLiteral("restored.fresh"), sqlitePath()}) {
            TaskFeedback feedback;
            qint64 rowsAtCancel = -1;
            feedback.setSink([&](const TaskProgress& p) {
                if (p.stage.startsWith(QLatin1String("restoring")) && p.rows > 100 && rowsAtCancel < 0) {
                    rowsAtCancel = p.rows;
                    feedback.cancel();
                }
            });
            try {
                if (target.startsWith(QLatin1String("restored.")))
                    restorer.restoreIntoTable(r.objectKey, *m_db, target, feedback);
                else
                    restorer.restoreIntoSqlite(r.objectKey, target, feedback);
                QFAIL("the restore ran to the end");
            } catch (const Error& e) {
                QCOMPARE(e.kind(), Error::Kind::Cancelled);
            }
            QVERIFY2(rowsAtCancel > 100 && rowsAtCancel < r.rows, qPrintable(target));
        }
        // An existing restore file keeps what it held: the cancelled object's table and manifest row are
        // rolled back.
        const ExportResult stats = exportWeek(QStringLiteral("kudos_stat_events"));
        const QString existing = m_dir->filePath(QStringLiteral("existing.sqlite"));
        restorer.restoreIntoSqlite(stats.objectKey, existing, test::unwatched());
        TaskFeedback feedback;
        feedback.setSink([&](const TaskProgress& p) {
            if (p.stage.startsWith(QLatin1String("restoring")) && p.rows > 100)
                feedback.cancel();
        });
        QVERIFY_THROWS_EXCEPTION(Error, restorer.restoreIntoSqlite(r.objectKey, existing, feedback));
        QCOMPARE(sqliteRows(existing, QStringLiteral("SELECT object_key FROM restore_manifest"), 1),
                 (QList<QStringList>{{stats.objectKey}}));
        QCOMPARE(sqliteRows(existing,
                            QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name = 'kudos_ledger'"),
                            1),
                 (QList<QStringList>{{QStringLiteral("0")}}));
        QCOMPARE(sqliteRows(existing, QStringLiteral("SELECT count(*) FROM kudos_stat_events"), 1),
                 (QList<QStringList>{{QString::number(stats.rows)}}));

        QVERIFY(!tableExists(QStringLiteral("restored.fresh")));
        QVERIFY(!QFileInfo::exists(sqlitePath()));
        QVERIFY(!QFileInfo::exists(sqlitePath() + QStringLiteral("-journal")));
        // The connection is usable, and a restore without cancel completes.
        QCOMPARE(
            restorer.restoreIntoTable(r.objectKey, *m_db, QStringLiteral("restored.fresh"), test::unwatched())
                .rows,
            r.rows);
    }
};

QTEST_GUILESS_MAIN(TestArchiveRestore)
#include "test_archiverestore.moc"
