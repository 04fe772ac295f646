#include "archivefixtures.h"
#include "archiveurl.h"
#include "clirunner.h"
#include "kudosarchivelayout.h"
#include "partitionexporter.h"
#include "pgconnection.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

using namespace tidemark;
using namespace tidemark::archive;
using namespace tidemark::test;

namespace {

const auto [kLo, kHi, kExportedAt] = test::archiveTestWeek();

QJsonObject json(const CliRun& run) {
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

QString runText(const CliRun& run) {
    return QStringLiteral("exit %1\nout: %2\nerr: %3").arg(run.exitCode).arg(run.out, run.err);
}

} // namespace

// tidemark-cli archive list | verify | restore | usage, run as the built executable against a directory
// archive holding a week of each kudos table exported from generated data.
class TestArchiveCli : public QObject {
    Q_OBJECT

    QString m_conninfo;
    std::unique_ptr<PgConnection> m_db;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_url;
    QString m_archiveId;
    ExportResult m_ledger;
    ExportResult m_stats;

    QString path(const QString& key) const { return m_dir->path() + QStringLiteral("/archive/") + key; }

    CliRun archive(QStringList args, const QHash<QString, QString>& env = {}) {
        args.prepend(QStringLiteral("archive"));
        args << QStringLiteral("--archive") << m_url;
        return runCli(args, env);
    }

    // The bytes of the files under a tier's folder, counted apart from the store.
    qint64 bytesOnDisk(const QString& tier) const {
        qint64 bytes = 0;
        QDirIterator it(m_dir->path() + QStringLiteral("/archive/") + tier, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            it.next();
            bytes += it.fileInfo().size();
        }
        return bytes;
    }

  private slots:
    void initTestCase() {
        m_conninfo = test::archiveKudosDatabase(QStringLiteral("archive_cli"), 2, 40, 10, 2);
        m_db = PgConnection::open(m_conninfo);
    }

    void init() {
        m_dir = std::make_unique<QTemporaryDir>();
        m_url = initialisedArchiveFolder(m_dir->path() + QStringLiteral("/archive"));
        auto store = openArchiveStore(m_url);
        m_archiveId = store->marker()->id;
        PartitionExporter exporter(*m_db, *store, kudos::kudosArchiveLayout());
        m_ledger = exporter.exportRange(
            {QStringLiteral("currency"), QStringLiteral("kudos_ledger"), QString(), kLo, kHi}, kExportedAt,
            test::unwatched());
        m_stats = exporter.exportRange(
            {QStringLiteral("statistics"), QStringLiteral("kudos_stat_events"), QString(), kLo, kHi},
            kExportedAt, test::unwatched());
        m_db->exec(QStringLiteral("DROP SCHEMA IF EXISTS restored CASCADE"));
    }

    void listShowsKeysSizesManifestsAndRanges() {
        const CliRun text = runCli({QStringLiteral("archive"), QStringLiteral("list")},
                                   {{QStringLiteral("TIDEMARK_ARCHIVE_URL"), m_url}});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QStringLiteral("%1,%2,yes,2026-11-16T00:00:00Z,2026-11-23T00:00:00Z,%3")
                                       .arg(m_ledger.objectKey)
                                       .arg(m_ledger.objectBytes)
                                       .arg(m_ledger.rows)),
                 qPrintable(runText(text)));
        QVERIFY(text.out.contains(m_stats.objectKey));
        // The archive's id; its marker is no entry (2 objects, no problem).
        QVERIFY2(text.out.contains(QStringLiteral("2 object(s), %1 bytes in directory %2 (archive %3)\n")
                                       .arg(m_ledger.objectBytes + m_stats.objectBytes)
                                       .arg(m_dir->path() + QStringLiteral("/archive"), m_archiveId)),
                 qPrintable(runText(text)));
        QVERIFY(!text.out.contains(QLatin1String("tidemark-archive.json")));

        QFile::remove(path(m_stats.manifestKey));
        const QJsonObject o = json(archive({QStringLiteral("list"), QStringLiteral("--json")}));
        const QJsonArray objects = o.value(QStringLiteral("objects")).toArray();
        QCOMPARE(objects.size(), 2);
        const QJsonObject ledger = objects.at(0).toObject();
        QCOMPARE(ledger.value(QStringLiteral("key")).toString(), m_ledger.objectKey);
        QCOMPARE(ledger.value(QStringLiteral("bytes")).toDouble(), double(m_ledger.objectBytes));
        QCOMPARE(ledger.value(QStringLiteral("rows")).toDouble(), double(m_ledger.rows));
        QCOMPARE(ledger.value(QStringLiteral("manifest")).toBool(), true);
        QCOMPARE(objects.at(1).toObject().value(QStringLiteral("manifest")).toBool(), false);
        QCOMPARE(o.value(QStringLiteral("bytes")).toDouble(),
                 double(m_ledger.objectBytes + m_stats.objectBytes));
        QCOMPARE(o.value(QStringLiteral("archive_id")).toString(), m_archiveId);

        const QJsonObject currency = json(archive({QStringLiteral("list"), QStringLiteral("--tier"),
                                                   QStringLiteral("currency"), QStringLiteral("--json")}));
        QCOMPARE(currency.value(QStringLiteral("objects")).toArray().size(), 1);
        QCOMPARE(archive({QStringLiteral("list"), QStringLiteral("--tier"), QStringLiteral("gold")}).exitCode,
                 2);
        QCOMPARE(runCli({QStringLiteral("archive"), QStringLiteral("list")},
                        {{QStringLiteral("TIDEMARK_ARCHIVE_URL"), QString()}})
                     .exitCode,
                 2);
    }

    void verifyOneAllAndOnline() {
        const CliRun one = archive({QStringLiteral("verify"), m_ledger.objectKey});
        QCOMPARE(one.exitCode, 0);
        QVERIFY2(
            one.out.contains(QStringLiteral("%1: ok, %2 rows").arg(m_ledger.objectKey).arg(m_ledger.rows)),
            qPrintable(runText(one)));

        const CliRun all = archive({QStringLiteral("verify"), QStringLiteral("--all"), QStringLiteral("--db"),
                                    m_conninfo, QStringLiteral("--json")});
        QCOMPARE(all.exitCode, 0);
        const QJsonObject o = json(all);
        QVERIFY(o.value(QStringLiteral("ok")).toBool());
        const QJsonArray objects = o.value(QStringLiteral("objects")).toArray();
        QCOMPARE(objects.size(), 2);
        for (const QJsonValue& v : objects)
            QVERIFY(v.toObject().value(QStringLiteral("online_checked")).toBool());

        // The online check runs: a row deleted from the table is a problem.
        m_db->exec(QStringLiteral("CREATE TABLE ledger_copy AS SELECT * FROM kudos_ledger"));
        m_db->exec(QStringLiteral("ALTER TABLE kudos_ledger RENAME TO kudos_ledger_orig"));
        m_db->exec(QStringLiteral("ALTER TABLE ledger_copy RENAME TO kudos_ledger"));
        m_db->exec(
            QStringLiteral("DELETE FROM kudos_ledger WHERE id = (SELECT min(id) FROM kudos_ledger WHERE "
                           "created >= '2026-11-16' AND created < '2026-11-23')"));
        const CliRun drift =
            archive({QStringLiteral("verify"), m_ledger.objectKey, QStringLiteral("--db"), m_conninfo});
        // Offline the object is still fine.
        const CliRun offline = archive({QStringLiteral("verify"), m_ledger.objectKey});
        m_db->exec(QStringLiteral("DROP TABLE kudos_ledger"));
        const CliRun gone =
            archive({QStringLiteral("verify"), m_ledger.objectKey, QStringLiteral("--db"), m_conninfo});
        m_db->exec(QStringLiteral("ALTER TABLE kudos_ledger_orig RENAME TO kudos_ledger"));
        QCOMPARE(drift.exitCode, 1);
        QVERIFY2(
            drift.out.contains(QStringLiteral("online row count differs: manifest %1").arg(m_ledger.rows)),
            qPrintable(runText(drift)));
        QCOMPARE(offline.exitCode, 0);
        QCOMPARE(gone.exitCode, 0);
        QVERIFY2(gone.out.contains(
                     QStringLiteral("ok, %1 rows (its partition is no longer online").arg(m_ledger.rows)),
                 qPrintable(runText(gone)));
    }

    void verifyListsProblemsAndExitsOne() {
        flipMiddleByte(path(m_ledger.objectKey), 0x20);
        const CliRun all = archive({QStringLiteral("verify"), QStringLiteral("--all")});
        QCOMPARE(all.exitCode, 1);
        QVERIFY2(all.out.contains(QStringLiteral("%1: FAILED").arg(m_ledger.objectKey)),
                 qPrintable(runText(all)));
        QVERIFY(all.out.contains(QStringLiteral("  - object sha256 differs")));
        QVERIFY(all.out.contains(QStringLiteral("%1: ok").arg(m_stats.objectKey)));
        QVERIFY(all.out.contains(QStringLiteral("2 object(s) verified, 1 with problems"))); // not the marker

        const CliRun missing =
            archive({QStringLiteral("verify"), QStringLiteral("currency/kudos_ledger/nothing_here.csv.zst")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.out.contains(QStringLiteral("is missing")));
        QCOMPARE(archive({QStringLiteral("verify")}).exitCode, 2);
    }

    // Bad entries among good ones: each is that entry's problem, the good ones are still verified and listed,
    // and the run exits 1 listing them (before, the first one ended the run with exit 2).
    void badEntriesAreEachAProblemAndTheRunGoesOn() {
        const QString ledgerManifest = QString::fromUtf8(readFile(path(m_ledger.manifestKey)));
        const auto copyAs = [&](const QString& objectKey, const QString& manifestJson) {
            QDir().mkpath(QFileInfo(path(objectKey)).path());
            QVERIFY(QFile::copy(path(m_ledger.objectKey), path(objectKey)));
            writeFile(path(manifestKeyFor(objectKey)), manifestJson.toUtf8());
        };
        // The ledger's object and manifest copied under a statistics key.
        const QString foreign =
            QStringLiteral("statistics/kudos_ledger/kudos_ledger_20261116_20261123.csv.zst");
        copyAs(foreign, ledgerManifest);
        // A manifest whose partition names a table that is not the ledger's, under the key it names.
        const QString users = QStringLiteral("currency/kudos_ledger/users_20261116_20261123.csv.zst");
        copyAs(users, QString(ledgerManifest)
                          .replace(QStringLiteral("\"partition\": \"kudos_ledger\""),
                                   QStringLiteral("\"partition\": \"users\"")));
        // A manifest that does not parse.
        const QString broken = QStringLiteral("currency/kudos_ledger/kudos_ledger_20261109_20261116.csv.zst");
        copyAs(broken, QStringLiteral("{\"format\": "));
        // A stray file name, a hostile key and a symbolic link out of the archive.
        writeFile(path(QStringLiteral("currency/kudos_ledger/notes.txt")), "not an object");
        writeFile(path(QStringLiteral("currency/kudos_ledger/a\\b.csv.zst")), "hostile");
        QVERIFY(QFile::link(path(m_ledger.objectKey), path(QStringLiteral("currency/linked.csv.zst"))));

        const CliRun all = archive({QStringLiteral("verify"), QStringLiteral("--all")});
        QCOMPARE(all.exitCode, 1);
        for (const QString& good : {m_ledger.objectKey, m_stats.objectKey})
            QVERIFY2(all.out.contains(QStringLiteral("%1: ok").arg(good)), qPrintable(runText(all)));
        for (const auto& [key, problem] :
             {std::pair{foreign, QStringLiteral("the key does not agree with its manifest")},
              std::pair{users, QStringLiteral("names partition users, which is not kudos_ledger")},
              std::pair{broken, QStringLiteral("is not JSON")},
              std::pair{QStringLiteral("currency/kudos_ledger/notes.txt"),
                        QStringLiteral("is not an archive object or manifest")},
              std::pair{QStringLiteral("currency/kudos_ledger/a\\b.csv.zst"), QStringLiteral("backslash")},
              std::pair{QStringLiteral("currency/linked.csv.zst"), QStringLiteral("symbolic link")}}) {
            const qsizetype at = all.out.indexOf(QStringLiteral("%1: FAILED").arg(key));
            QVERIFY2(at >= 0, qPrintable(key + QLatin1Char('\n') + runText(all)));
            QVERIFY2(all.out.mid(at, 600).contains(problem),
                     qPrintable(problem + QLatin1Char('\n') + runText(all)));
        }
        QVERIFY2(all.out.contains(QStringLiteral("8 object(s) verified, 6 with problems")),
                 qPrintable(runText(all)));

        const CliRun list = archive({QStringLiteral("list"), QStringLiteral("--json")});
        QCOMPARE(list.exitCode, 1);
        const QJsonArray objects = json(list).value(QStringLiteral("objects")).toArray();
        QCOMPARE(objects.size(), 8);
        QStringList flagged;
        for (const QJsonValue& v : objects) {
            const QJsonObject o = v.toObject();
            if (o.contains(QStringLiteral("problem")) || o.contains(QStringLiteral("manifest_problem")))
                flagged << o.value(QStringLiteral("key")).toString();
            else
                QVERIFY(o.contains(QStringLiteral("rows")));
        }
        flagged.sort();
        QStringList expected{foreign,
                             users,
                             broken,
                             QStringLiteral("currency/kudos_ledger/notes.txt"),
                             QStringLiteral("currency/kudos_ledger/a\\b.csv.zst"),
                             QStringLiteral("currency/linked.csv.zst")};
        expected.sort();
        QCOMPARE(flagged, expected);
        const CliRun text = archive({QStringLiteral("list")});
        QCOMPARE(text.exitCode, 1);
        QVERIFY2(text.out.contains(QStringLiteral("currency/linked.csv.zst,,problem,,,,is a symbolic link")),
                 qPrintable(runText(text)));

        // Online: a partition that names another table of the database is a problem of that entry only.
        const QString daily =
            QStringLiteral("currency/kudos_ledger/kudos_ledger_daily_20261116_20261123.csv.zst");
        copyAs(daily, QString(ledgerManifest)
                          .replace(QStringLiteral("\"partition\": \"kudos_ledger\""),
                                   QStringLiteral("\"partition\": \"kudos_ledger_daily\"")));
        const CliRun online =
            archive({QStringLiteral("verify"), QStringLiteral("--all"), QStringLiteral("--tier"),
                     QStringLiteral("currency"), QStringLiteral("--db"), m_conninfo});
        QCOMPARE(online.exitCode, 1);
        QVERIFY2(online.out.contains(QStringLiteral("%1: ok, %2 rows (also against the online partition")
                                         .arg(m_ledger.objectKey)
                                         .arg(m_ledger.rows)),
                 qPrintable(runText(online)));
        QVERIFY2(
            online.out.contains(
                QStringLiteral("%1: FAILED (also against the online partition kudos_ledger_daily)")
                    .arg(daily)) &&
                online.out.contains(QStringLiteral("partition kudos_ledger_daily in")) &&
                online.out.contains(QStringLiteral("it is not the partition the object was exported from")),
            qPrintable(runText(online)));
    }

    void badReadLimitsAreSettingsErrors() {
        for (const char* setting :
             {"TIDEMARK_ARCHIVE_MAX_RECORD_BYTES", "TIDEMARK_ARCHIVE_MAX_CONTENT_BYTES"}) {
            const QStringList verify{QStringLiteral("verify"), m_ledger.objectKey};
            const QStringList restore{QStringLiteral("restore"), m_ledger.objectKey,
                                      QStringLiteral("--sqlite"),
                                      m_dir->filePath(QStringLiteral("never.sqlite"))};
            for (const QStringList& args : {verify, restore}) {
                const CliRun run = archive(args, {{QString::fromLatin1(setting), QStringLiteral("lots")}});
                QCOMPARE(run.exitCode, 2);
                QVERIFY2(run.err.contains(QString::fromLatin1(setting)), qPrintable(runText(run)));
            }
        }
        QVERIFY(!QFileInfo::exists(m_dir->filePath(QStringLiteral("never.sqlite"))));
        const CliRun small =
            archive({QStringLiteral("verify"), m_ledger.objectKey},
                    {{QStringLiteral("TIDEMARK_ARCHIVE_MAX_RECORD_BYTES"), QStringLiteral("1024")}});
        QCOMPARE(small.exitCode, 0); // a ledger row is far below 1 KiB
    }

    void restoreIntoTableAndSqlite() {
        const QStringList into{QStringLiteral("restore"), m_ledger.objectKey,
                               QStringLiteral("--into"),  QStringLiteral("restored.ledger_week"),
                               QStringLiteral("--db"),    m_conninfo};
        const CliRun first = archive(into);
        QCOMPARE(first.exitCode, 0);
        QVERIFY2(first.out.contains(
                     QStringLiteral(
                         "restored %1 rows of %2 into \"restored\".\"ledger_week\" (table created); verified")
                         .arg(m_ledger.rows)
                         .arg(m_ledger.objectKey)),
                 qPrintable(runText(first)));
        QCOMPARE(
            m_db->exec(QStringLiteral("SELECT count(*) FROM (SELECT * FROM kudos_ledger WHERE created >= "
                                      "'2026-11-16' AND created < '2026-11-23' EXCEPT ALL SELECT * FROM "
                                      "restored.ledger_week) d"))
                .toLong(0, 0),
            0);
        QCOMPARE(m_db->exec(QStringLiteral("SELECT count(*) FROM restored.ledger_week")).toLong(0, 0),
                 m_ledger.rows);
        const CliRun second = archive(QStringList(into) << QStringLiteral("--json"));
        QCOMPARE(second.exitCode, 0);
        QVERIFY(json(second).value(QStringLiteral("already_restored")).toBool());
        QCOMPARE(json(second).value(QStringLiteral("rows")).toDouble(), 0.0);

        const QString sqlite = m_dir->filePath(QStringLiteral("dispute.sqlite"));
        const CliRun file = archive({QStringLiteral("restore"), m_stats.manifestKey,
                                     QStringLiteral("--sqlite"), sqlite, QStringLiteral("--json")});
        QCOMPARE(file.exitCode, 0);
        QCOMPARE(json(file).value(QStringLiteral("key")).toString(), m_stats.objectKey);
        QCOMPARE(json(file).value(QStringLiteral("rows")).toDouble(), double(m_stats.rows));
        QVERIFY(QFileInfo::exists(sqlite));
        struct stat st {};
        QCOMPARE(::stat(QFile::encodeName(sqlite).constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, 0600u); // the restored rows are private

        QCOMPARE(archive({QStringLiteral("restore"), m_ledger.objectKey}).exitCode, 2);
        QCOMPARE(archive({QStringLiteral("restore"), m_ledger.objectKey, QStringLiteral("--into"),
                          QStringLiteral("a.b"), QStringLiteral("--sqlite"), sqlite})
                     .exitCode,
                 2);
    }

    void restoreOfABadObjectIsRefusedWithExitThree() {
        flipMiddleByte(path(m_ledger.objectKey), 0x20);
        const CliRun run = archive({QStringLiteral("restore"), m_ledger.objectKey, QStringLiteral("--into"),
                                    QStringLiteral("restored.bad"), QStringLiteral("--db"), m_conninfo});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.err.contains(QStringLiteral("failed verification, nothing was loaded: ")) &&
                     run.err.contains(QStringLiteral("object sha256 differs")),
                 qPrintable(runText(run)));
        QVERIFY(m_db->exec(QStringLiteral("SELECT to_regclass('restored.bad')")).isNull(0, 0));
        const QString sqlite = m_dir->filePath(QStringLiteral("bad.sqlite"));
        QCOMPARE(archive({QStringLiteral("restore"), m_ledger.objectKey, QStringLiteral("--sqlite"), sqlite})
                     .exitCode,
                 3);
        QVERIFY(!QFileInfo::exists(sqlite));
    }

    void usageCountsBytesPerTierAgainstTheBudget() {
        const qint64 currency = bytesOnDisk(QStringLiteral("currency"));
        const qint64 statistics = bytesOnDisk(QStringLiteral("statistics"));
        QVERIFY(currency > m_ledger.objectBytes);
        const CliRun run =
            archive({QStringLiteral("usage"), QStringLiteral("--json")},
                    {{QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES"), QString::number(currency - 1)}});
        QCOMPARE(run.exitCode, 0);
        const QJsonArray tiers = json(run).value(QStringLiteral("tiers")).toArray();
        QCOMPARE(tiers.size(), 2);
        const QJsonObject c = tiers.at(0).toObject();
        const QJsonObject s = tiers.at(1).toObject();
        QCOMPARE(c.value(QStringLiteral("tier")).toString(), QStringLiteral("currency"));
        QCOMPARE(c.value(QStringLiteral("bytes")).toDouble(), double(currency));
        QCOMPARE(c.value(QStringLiteral("objects")).toInt(), 1);
        QCOMPARE(c.value(QStringLiteral("budget_bytes")).toDouble(), double(currency - 1));
        QVERIFY(c.value(QStringLiteral("over_budget")).toBool());
        QCOMPARE(s.value(QStringLiteral("bytes")).toDouble(), double(statistics));
        QVERIFY(s.value(QStringLiteral("budget_bytes")).isNull());
        QVERIFY(!s.value(QStringLiteral("over_budget")).toBool());

        const CliRun text =
            archive({QStringLiteral("usage")},
                    {{QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES"), QString::number(currency * 2)}});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QStringLiteral("currency,%1,1,%2,50.0%").arg(currency).arg(currency * 2)),
                 qPrintable(runText(text)));
        QVERIFY2(text.out.contains(QStringLiteral("(archive %1)").arg(m_archiveId)),
                 qPrintable(runText(text)));
        QCOMPARE(json(run).value(QStringLiteral("archive_id")).toString(), m_archiveId);
        const CliRun bad =
            archive({QStringLiteral("usage")},
                    {{QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES"), QStringLiteral("lots")}});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains(QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES")));
    }

    // Every archive command refuses a folder without the marker (exit 3, the cause named): nothing is created
    // where there was no folder, nothing written into an empty one.
    void commandsRefuseAFolderWithoutTheMarker() {
        const QString missing = m_dir->filePath(QStringLiteral("nonexistent/deeper/archive"));
        const QString mountPoint = m_dir->filePath(QStringLiteral("nas"));
        QVERIFY(QDir().mkdir(mountPoint));
        const QString sqlite = m_dir->filePath(QStringLiteral("refused.sqlite"));
        for (const QStringList& command :
             {QStringList{QStringLiteral("list")}, QStringList{QStringLiteral("usage")},
              QStringList{QStringLiteral("verify"), QStringLiteral("--all")},
              QStringList{QStringLiteral("restore"), m_ledger.objectKey, QStringLiteral("--sqlite"),
                          sqlite}}) {
            for (const QString& folder : {missing, mountPoint}) {
                const CliRun run =
                    runCli(QStringList{QStringLiteral("archive")} + command +
                           QStringList{QStringLiteral("--archive"), QStringLiteral("file://") + folder});
                QCOMPARE(run.exitCode, 3);
                QVERIFY2(
                    run.err.contains(QStringLiteral("no Tidemark archive at file://%1: not mounted, or run "
                                                    "archive init (the folder %1 ")
                                         .arg(folder)),
                    qPrintable(runText(run)));
            }
        }
        QVERIFY(!QFileInfo::exists(m_dir->filePath(QStringLiteral("nonexistent"))));
        QCOMPARE(QDir(mountPoint).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList());
        QVERIFY(!QFileInfo::exists(sqlite));
    }

    // archive init: a new folder (made 0700), then again (already an archive, nothing written); a missing
    // parent is refused; an archive an earlier Tidemark wrote is adopted once its objects verify, and one
    // with a corrupt object is refused naming it, without a marker.
    void initFromTheCommandLine() {
        const QString fresh = m_dir->filePath(QStringLiteral("fresh"));
        const CliRun made = runCli({QStringLiteral("archive"), QStringLiteral("init"),
                                    QStringLiteral("--archive"), QStringLiteral("file://") + fresh,
                                    QStringLiteral("--db"), m_conninfo, QStringLiteral("--json")});
        QCOMPARE(made.exitCode, 0);
        const QJsonObject marker = json(made).value(QStringLiteral("marker")).toObject();
        QVERIFY(json(made).value(QStringLiteral("folder_created")).toBool());
        QCOMPARE(marker.value(QStringLiteral("adopted_objects")).toInt(-1), 0);
        QCOMPARE(marker.value(QStringLiteral("database")).toString(),
                 m_db->exec(QStringLiteral("SELECT current_database()")).text(0, 0));
        const QByteArray written = readFile(fresh + QStringLiteral("/tidemark-archive.json"));
        const CliRun again = runCli({QStringLiteral("archive"), QStringLiteral("init"),
                                     QStringLiteral("--archive"), QStringLiteral("file://") + fresh});
        QCOMPARE(again.exitCode, 0);
        QVERIFY2(again.out.contains(QStringLiteral("directory %1 is already a Tidemark archive (id %2")
                                        .arg(fresh, marker.value(QStringLiteral("id")).toString())) &&
                     again.out.contains(QLatin1String("nothing written")),
                 qPrintable(runText(again)));
        QCOMPARE(readFile(fresh + QStringLiteral("/tidemark-archive.json")), written);

        const QString typo = m_dir->filePath(QStringLiteral("typo/archive"));
        const CliRun refused = runCli({QStringLiteral("archive"), QStringLiteral("init"),
                                       QStringLiteral("--archive"), QStringLiteral("file://") + typo});
        QCOMPARE(refused.exitCode, 3);
        QVERIFY2(refused.err.contains(QStringLiteral("the parent folder %1 of %2 does not exist")
                                          .arg(m_dir->filePath(QStringLiteral("typo")), typo)),
                 qPrintable(runText(refused)));
        QVERIFY(!QFileInfo::exists(m_dir->filePath(QStringLiteral("typo"))));

        // The exported pair copied without the marker, as an earlier Tidemark left its archive.
        const QString legacy = m_dir->filePath(QStringLiteral("legacy"));
        const QString corrupt = m_dir->filePath(QStringLiteral("corrupt"));
        for (const QString& folder : {legacy, corrupt})
            for (const ExportResult& r : {m_ledger, m_stats})
                for (const QString& key : {r.objectKey, r.manifestKey}) {
                    QVERIFY(QDir().mkpath(QFileInfo(folder + QLatin1Char('/') + key).path()));
                    QVERIFY(QFile::copy(path(key), folder + QLatin1Char('/') + key));
                }
        flipMiddleByte(corrupt + QLatin1Char('/') + m_stats.objectKey);
        const CliRun corruptRun = runCli({QStringLiteral("archive"), QStringLiteral("init"),
                                          QStringLiteral("--archive"), QStringLiteral("file://") + corrupt});
        QCOMPARE(corruptRun.exitCode, 3);
        QVERIFY2(corruptRun.out.contains(QStringLiteral("%1: FAILED").arg(m_stats.objectKey)) &&
                     !corruptRun.out.contains(QStringLiteral("%1: FAILED").arg(m_ledger.objectKey)) &&
                     corruptRun.out.contains(QLatin1String("1 of the 2 object(s)")) &&
                     corruptRun.out.contains(QLatin1String("no marker written")),
                 qPrintable(runText(corruptRun)));
        QVERIFY(!QFileInfo::exists(corrupt + QStringLiteral("/tidemark-archive.json")));
        const CliRun adopted = runCli({QStringLiteral("archive"), QStringLiteral("init"),
                                       QStringLiteral("--archive"), QStringLiteral("file://") + legacy});
        QCOMPARE(adopted.exitCode, 0);
        QVERIFY2(adopted.out.contains(QLatin1String("2 object(s) verified and adopted")),
                 qPrintable(runText(adopted)));
        const CliRun list = runCli({QStringLiteral("archive"), QStringLiteral("list"),
                                    QStringLiteral("--archive"), QStringLiteral("file://") + legacy});
        QCOMPARE(list.exitCode, 0);
    }
};

QTEST_GUILESS_MAIN(TestArchiveCli)
#include "test_archivecli.moc"
