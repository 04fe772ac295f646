// The dispute investigation's models against a real PostgreSQL and a directory archive filled by a real
// retention round: the statement and the covering objects, the rows restored into a SQLite file next to
// the rows the database held before the drop, CSV export, refusals that load nothing; verify and restore
// through the console's DisputeCase and through tidemark-cli giving the same report.
#include "archivefixtures.h"
#include "archiverestorer.h"
#include "archiveurl.h"
#include "clirunner.h"
#include "coveringobjectmodel.h"
#include "disputecase.h"
#include "disputeloader.h"
#include "disputerowsloader.h"
#include "disputerowsmodel.h"
#include "kudosarchivelayout.h"
#include "kudosdataset.h"
#include "kudostestdata.h"
#include "kudosvalues.h"
#include "ledgerstatements.h"
#include "pgconnection.h"
#include "retentionjob.h"
#include "taskmanager.h"
#include "thrownkind.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>

using namespace tidemark;
using namespace tidemark::kudos;
using namespace tidemark::test;

namespace {

using Rows = std::vector<QStringList>;

// The user's ledger rows in [from, to) as the archive's CSV writes them, ordered by created, then id.
Rows csvRowsOf(PgConnection& db, int user, Micros from, Micros to) {
    db.exec(QStringLiteral("SET DateStyle = 'ISO, YMD'"));
    const QList<QStringList> records = test::copyRecords(
        db, QStringLiteral("COPY (SELECT * FROM kudos_ledger WHERE user_id = %1 AND created >= %2 AND "
                           "created < %3 ORDER BY created, id) TO STDOUT (FORMAT csv)")
                .arg(user)
                .arg(pgTimestampLiteral(from), pgTimestampLiteral(to)));
    return Rows(records.cbegin(), records.cend());
}

} // namespace

class TestDisputes : public QObject {
    Q_OBJECT

    QString m_conninfo;
    QTemporaryDir m_archive;
    QTemporaryDir m_work;
    int m_user = 0;
    Micros m_week2 = 0; // the middle week of the three: [m_week2, m_week2 + 7 days)
    Rows m_week2Rows;   // the user's rows of that week before the round dropped them
    std::vector<StatementLine> m_week2Statement;

    QString archiveUrl() const { return QStringLiteral("file://") + m_archive.path(); }
    DisputeQuery week2() const { return {m_user, m_week2, m_week2 + 7 * kMicrosPerDay}; }

  private slots:
    void initTestCase() {
        m_conninfo = swappedKudosDatabase(QStringLiteral("kudos_disputes"));
        auto db = openKudos(m_conninfo);
        db->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
        db->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
        m_week2 = kudosEnd() - 14 * kMicrosPerDay;
        m_user =
            int(db->exec(QStringLiteral("SELECT user_id FROM kudos_ledger WHERE created >= $1::timestamp "
                                        "AND created < $2::timestamp GROUP BY 1 ORDER BY count(*) DESC, 1 "
                                        "LIMIT 1"),
                         {utcParam(m_week2), utcParam(m_week2 + 7 * kMicrosPerDay)})
                    .toLong(0, 0));
        m_week2Rows = csvRowsOf(*db, m_user, m_week2, m_week2 + 7 * kMicrosPerDay);
        QVERIFY(m_week2Rows.size() > 20);
        m_week2Statement = LedgerStatements(*db).statement(m_user, m_week2, m_week2 + 7 * kMicrosPerDay);
        QVERIFY(!m_week2Statement.empty());

        auto store = test::openInitialisedArchive(m_archive.path());
        const RetentionReport report =
            RetentionJob(*db, store.get(), kudosTestSettings(), kudosRehearsal()).run(kudosAllEligible());
        QVERIFY(report.alerts.empty());
        QVERIFY(db->exec(QStringLiteral("SELECT to_regclass('kudos_ledger_initial')")).isNull(0, 0));
        QCOMPARE(csvRowsOf(*db, m_user, m_week2, m_week2 + 7 * kMicrosPerDay).size(), std::size_t(0));
        // A row of the user that is still online, in the first weekly partition after the dropped one.
        db->exec(QStringLiteral(
                     "INSERT INTO kudos_ledger (created, event_id, entry_type, user_id, escrow, amount, "
                     "applied) VALUES ($1::timestamp, gen_random_uuid(), 'TRANSFER_IN', $2, false, "
                     "'12.34', true)"),
                 {utcParam(kudosBoundary() + 3 * kMicrosPerHour), m_user});
    }

    void theStatementAndTheCoveringObjects() {
        const DisputeFindings f = DisputeLoader(m_conninfo, archiveUrl()).load(week2(), test::unwatched());
        QVERIFY(f.archiveProblem.isEmpty());
        QVERIFY(f.archive.contains(m_archive.path()));
        // The statement of the dropped week is the one the rows gave before, now from the daily table.
        QCOMPARE(f.statement.size(), m_week2Statement.size());
        for (std::size_t i = 0; i < f.statement.size(); ++i) {
            QCOMPARE(f.statement[i].day, m_week2Statement[i].day);
            QCOMPARE(f.statement[i].entryType, m_week2Statement[i].entryType);
            QCOMPARE(f.statement[i].amountCents, m_week2Statement[i].amountCents);
            QCOMPARE(f.statement[i].rows, m_week2Statement[i].rows);
            QVERIFY(f.statement[i].archived);
        }
        // One ledger object covers the week (the statistics tier is not listed); the user's totals in its
        // manifest are those of the rows it held.
        QCOMPARE(f.objects.size(), std::size_t(1));
        const CoveringObject& o = f.objects.front();
        QVERIFY(o.key.startsWith(QLatin1String("currency/kudos_ledger/")));
        QVERIFY(o.hasObject && o.hasManifest && o.manifest);
        QCOMPARE(o.manifest->createdFrom, m_week2);
        QVERIFY(!o.partitionOnline);
        qint64 balance = 0;
        for (const QStringList& row : m_week2Rows)
            if (row[5] == QLatin1String("f"))
                balance += centsFromText(row[6]);
        QCOMPARE(o.user.rows, qint64(m_week2Rows.size()));
        QCOMPARE(o.user.balanceCents, balance);

        // A range over all three weeks and the online one: an object per week (and one for the empty
        // week before the boundary), the online day not archived.
        const DisputeFindings all =
            DisputeLoader(m_conninfo, archiveUrl())
                .load({m_user, kudosEnd() - 21 * kMicrosPerDay, kudosBoundary() + 7 * kMicrosPerDay},
                      test::unwatched());
        QCOMPARE(all.objects.size(), std::size_t((kudosBoundary() - kudosEnd()) / (7 * kMicrosPerDay) + 3));
        QVERIFY(!all.statement.back().archived);
        QCOMPARE(all.statement.back().amountCents, qint64(1234));
        // A range before the data: nothing.
        const DisputeFindings none =
            DisputeLoader(m_conninfo, archiveUrl())
                .load({m_user, kudosEnd() - 100 * kMicrosPerDay, kudosEnd() - 60 * kMicrosPerDay},
                      test::unwatched());
        QVERIFY(none.objects.empty());
        QVERIFY(none.statement.empty());
    }

    void anUnreachableArchiveStillShowsTheStatement() {
        const QString notAFolder = m_work.filePath(QStringLiteral("plain-file"));
        QFile file(notAFolder);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const DisputeFindings f = DisputeLoader(m_conninfo, QStringLiteral("file://") + notAFolder)
                                      .load(week2(), test::unwatched());
        QVERIFY2(f.archiveProblem.contains(notAFolder), qPrintable(f.archiveProblem));
        QVERIFY(f.objects.empty());
        QCOMPARE(f.statement.size(), m_week2Statement.size());
        const DisputeFindings none = DisputeLoader(m_conninfo, QString()).load(week2(), test::unwatched());
        QVERIFY(none.archiveProblem.contains(QLatin1String("TIDEMARK_ARCHIVE_URL")));
    }

    void badQueriesAreUsageErrors() {
        QCOMPARE(thrownKind([&] {
                     DisputeLoader::validate({7, kMicrosPerDay, kMicrosPerDay});
                 }),
                 Error::Kind::Usage);
        QCOMPARE(thrownKind([&] {
                     DisputeLoader::validate({7, 2 * kMicrosPerDay, kMicrosPerDay});
                 }),
                 Error::Kind::Usage);
        QCOMPARE(thrownKind([&] { DisputeLoader::validate({0, 0, kMicrosPerDay}); }), std::nullopt);
    }

    // Restored rows equal, text for text, the rows the database held before the drop; online rows join
    // them; the CSV export reads back as the rows.
    void restoredRowsEqualTheDroppedOnes() {
        const QString file = m_work.filePath(QStringLiteral("restore.sqlite"));
        const DisputeQuery all{m_user, kudosEnd() - 21 * kMicrosPerDay, kudosBoundary() + 7 * kMicrosPerDay};
        // Before any restore only the online row is there.
        const DisputeRows before = DisputeRowsLoader(file, m_conninfo).load(all, test::unwatched());
        QCOMPARE(before.rows.size(), std::size_t(1));
        QCOMPARE(int(before.sources.front()), int(DisputeRows::Source::Online));
        QVERIFY(before.restoredKeys.isEmpty());

        auto store = archive::openArchiveStore(archiveUrl());
        const DisputeFindings f = DisputeLoader(m_conninfo, archiveUrl()).load(week2(), test::unwatched());
        const archive::RestoreResult r = archive::ArchiveRestorer(*store, kudos::kudosArchiveLayout())
                                             .restoreIntoSqlite(f.objects[0].key, file, test::unwatched());
        QVERIFY(r.rows > qint64(m_week2Rows.size()));
        const DisputeRows week = DisputeRowsLoader(file, m_conninfo).load(week2(), test::unwatched());
        QCOMPARE(week.restoredKeys, QStringList{f.objects[0].key});
        QCOMPARE(week.rows.size(), m_week2Rows.size());
        for (std::size_t i = 0; i < week.rows.size(); ++i) {
            QCOMPARE(week.rows[i], m_week2Rows[i]);
            QCOMPARE(int(week.sources[i]), int(DisputeRows::Source::Archive));
        }
        // Without a connection, the archive's rows alone.
        QCOMPARE(DisputeRowsLoader(file, QString()).load(week2(), test::unwatched()).rows.size(),
                 m_week2Rows.size());
        // Over the whole range: the week's rows, then the online one.
        const DisputeRows both = DisputeRowsLoader(file, m_conninfo).load(all, test::unwatched());
        QCOMPARE(both.rows.size(), m_week2Rows.size() + 1);
        QCOMPARE(int(both.sources.back()), int(DisputeRows::Source::Online));
        QCOMPARE(both.rows.back()[6], QStringLiteral("12.34"));

        DisputeRowsModel model;
        model.setRows(both);
        QCOMPARE(model.columnCount(), both.columns.size() + 1);
        QCOMPARE(model.totalCents(false) - 1234 + model.totalCents(true),
                 f.objects[0].user.balanceCents + f.objects[0].user.escrowCents);
        const QString csv = m_work.filePath(QStringLiteral("rows.csv"));
        QCOMPARE(model.writeCsv(csv), qint64(both.rows.size()));
        const QList<QStringList> read = test::csvRecords(test::readFile(csv));
        QCOMPARE(read.size(), both.rows.size() + 1);
        QCOMPARE(read.front(), QStringList(both.columns) << QStringLiteral("source"));
        for (std::size_t i = 0; i < both.rows.size(); ++i) {
            QCOMPARE(read[i + 1].mid(0, both.columns.size()), both.rows[i]);
            for (int c = 0; c < both.columns.size(); ++c)
                QCOMPARE(read[i + 1][c].isNull(), both.rows[i][c].isNull());
        }
        QCOMPARE(read.back().last(), QStringLiteral("online"));
        // A file that cannot be written is named, and nothing is left.
        const QString badPath = m_work.filePath(QStringLiteral("missing-folder/rows.csv"));
        QCOMPARE(thrownKind([&] { model.writeCsv(badPath); }), Error::Kind::Failed);
        QVERIFY(!QFile::exists(badPath));
    }

    // A flipped byte in an object: the restore is refused and the restore file keeps what it held.
    void aCorruptObjectLoadsNothing() {
        QTemporaryDir copy;
        const DisputeFindings f =
            DisputeLoader(m_conninfo, archiveUrl())
                .load({m_user, kudosEnd() - 21 * kMicrosPerDay, kudosEnd()}, test::unwatched());
        QCOMPARE(f.objects.size(), std::size_t(3));
        for (const CoveringObject& o : f.objects)
            for (const QString& key : {o.key, archive::manifestKeyFor(o.key)}) {
                QVERIFY(QDir().mkpath(QFileInfo(copy.filePath(key)).absolutePath()));
                QVERIFY(QFile::copy(m_archive.filePath(key), copy.filePath(key)));
            }
        test::flipMiddleByte(copy.filePath(f.objects[0].key), 0x40);
        const QString marker = QLatin1String(archive::ArchiveMarker::kKey); // a copy of the whole archive
        QVERIFY(QFile::copy(m_archive.filePath(marker), copy.filePath(marker)));

        const QString file = m_work.filePath(QStringLiteral("corrupt.sqlite"));
        auto store = archive::openArchiveStore(QStringLiteral("file://") + copy.path());
        archive::ArchiveRestorer restorer(*store, kudos::kudosArchiveLayout());
        restorer.restoreIntoSqlite(f.objects[1].key, file, test::unwatched());
        const std::size_t held =
            DisputeRowsLoader(file, QString()).load(f.query, test::unwatched()).rows.size();
        QVERIFY(held > 0);
        QCOMPARE(thrownKind([&] { restorer.restoreIntoSqlite(f.objects[0].key, file, test::unwatched()); }),
                 Error::Kind::Refused);
        const DisputeRows after = DisputeRowsLoader(file, QString()).load(f.query, test::unwatched());
        QCOMPARE(after.rows.size(), held);
        QCOMPARE(after.restoredKeys, QStringList{f.objects[1].key});
        // Into a new file: no file at all.
        const QString fresh = m_work.filePath(QStringLiteral("never.sqlite"));
        QCOMPARE(thrownKind([&] { restorer.restoreIntoSqlite(f.objects[0].key, fresh, test::unwatched()); }),
                 Error::Kind::Refused);
        QVERIFY(!QFile::exists(fresh));
    }

    // The same object verified and restored by the console's DisputeCase (a real TaskManager) and by
    // `tidemark-cli archive verify / restore`: the same verdict, rows and problems, the same rows restored,
    // and the same "already restored" the second time.
    void theConsoleAndTheCliVerifyAndRestoreAlike() {
        TaskManager tasks;
        KudosDataset dataset(&tasks);
        dataset.setClock([] { return kudosAllEligible(); }, true);
        dataset.setSettings(kudosTestSettings());
        QSignalSpy loaded(&dataset, &KudosDataset::loaded);
        dataset.setConnection(m_conninfo, archiveUrl(), QStringLiteral("kudos_disputes"));
        QVERIFY(loaded.wait(60000));
        DisputeCase dispute(&dataset);
        QSignalSpy investigated(&dispute, &DisputeCase::investigated);
        dispute.investigate(week2());
        QVERIFY(investigated.wait(60000));
        const QString key = dispute.objects()->objects().front().key;
        const auto cli = [&](QStringList args) {
            args << QStringLiteral("--archive") << archiveUrl() << QStringLiteral("--json");
            const CliRun run = runCli(args);
            return std::make_pair(run.exitCode, QJsonDocument::fromJson(run.out.toUtf8()).object());
        };

        QSignalSpy verified(&dispute, &DisputeCase::verified);
        dispute.verify(key);
        QVERIFY(verified.wait(60000));
        const CoveringObjectModel::Verification console = dispute.objects()->verification(key);
        const auto [verifyExit, verifyJson] = cli(
            {QStringLiteral("archive"), QStringLiteral("verify"), key, QStringLiteral("--db"), m_conninfo});
        const QJsonObject object = verifyJson.value(QStringLiteral("objects")).toArray().first().toObject();
        QCOMPARE(verifyExit, console.check == CoveringObjectModel::Check::Passed ? 0 : 1);
        QCOMPARE(object.value(QStringLiteral("ok")).toBool(),
                 console.check == CoveringObjectModel::Check::Passed);
        QCOMPARE(qint64(object.value(QStringLiteral("rows")).toDouble()), console.rows);
        QVERIFY(console.rows > 0);
        QCOMPARE(object.value(QStringLiteral("online_checked")).toBool(), console.online);
        QCOMPARE(object.value(QStringLiteral("problems")).toVariant().toStringList(), console.problems);

        const QString consoleFile = m_work.filePath(QStringLiteral("console.sqlite"));
        const QString cliFile = m_work.filePath(QStringLiteral("cli.sqlite"));
        dispute.setRestoreFile(consoleFile);
        for (const bool again : {false, true}) {
            QSignalSpy restored(&dispute, &DisputeCase::restored);
            QSignalSpy failed(&dispute, &DisputeCase::restoreFailed);
            dispute.restore({key});
            QTRY_VERIFY_WITH_TIMEOUT(restored.size() + failed.size() > 0, 60000);
            QVERIFY(failed.isEmpty());
            const auto report = restored.first().first().value<archive::ArchiveRestoreReport>();
            QVERIFY(!report.cancelled);
            QCOMPARE(int(report.restored.size()), 1);
            const auto [restoreExit, restoreJson] = cli({QStringLiteral("archive"), QStringLiteral("restore"),
                                                         key, QStringLiteral("--sqlite"), cliFile});
            QCOMPARE(restoreExit, 0);
            const archive::RestoreResult& r = report.restored.front();
            QCOMPARE(r.alreadyRestored, again);
            QCOMPARE(restoreJson.value(QStringLiteral("already_restored")).toBool(), r.alreadyRestored);
            QCOMPARE(qint64(restoreJson.value(QStringLiteral("rows")).toDouble()), r.rows);
            QCOMPARE(qint64(restoreJson.value(QStringLiteral("manifest_rows")).toDouble()),
                     r.manifest.rowCount);
            QCOMPARE(restoreJson.value(QStringLiteral("content_sha256")).toString(),
                     r.manifest.contentSha256);
            QCOMPARE(restoreJson.value(QStringLiteral("cancelled")).toBool(), report.cancelled);
        }
        const DisputeRows fromConsole =
            DisputeRowsLoader(consoleFile, QString()).load(week2(), test::unwatched());
        const DisputeRows fromCli = DisputeRowsLoader(cliFile, QString()).load(week2(), test::unwatched());
        QCOMPARE(fromConsole.rows.size(), m_week2Rows.size());
        QCOMPARE(fromConsole.rows, fromCli.rows);
        QCOMPARE(fromConsole.restoredKeys, fromCli.restoredKeys);
    }
};

QTEST_GUILESS_MAIN(TestDisputes)
#include "test_disputes.moc"
