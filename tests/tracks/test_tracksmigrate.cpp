// tracks migrate: a real tracks file into a real PostGIS store, through the job and the CLI: verified, ids
// kept, the same query output from both stores, the file untouched, resumed after a cancel without a
// duplicate, a foreign store refused, a store that differs from the file reported (or refused, for a copied
// track gone from it).
#include "clirunner.h"
#include "freshpostgisstore.h"
#include "freshtracksfile.h"
#include "thrownkind.h"
#include "tracksmigratefixtures.h"

#include "spatialitedatabase.h"
#include "trackimporter.h"
#include "tracksmigratejob.h"
#include "tracksstore.h"

#include "error.h"
#include "pgconnection.h"
#include "taskfeedback.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using namespace tidemark;
using namespace tidemark::tracks;

using test::digestOf;
using test::filledFile;
using test::scalar;
using test::walk;
const Micros kNow = test::kMigrateNow;

class TracksMigrateTest : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // End to end through the CLI: verified, the same JSON from query and the same status on both.
    void migrateThroughTheCliVerifiesAndQueriesAlike() {
        const QString file = filledFile(m_dir.filePath(QStringLiteral("cli.sqlite")), 120);
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tm_cli"));
        const QByteArray before = digestOf(file);
        const test::CliRun run =
            test::runCli({QStringLiteral("tracks"), QStringLiteral("migrate"), QStringLiteral("--sqlite"),
                          file, QStringLiteral("--db"), conninfo, QStringLiteral("--batch"),
                          QStringLiteral("7"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        const QJsonObject json = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(json.value(QStringLiteral("verified")).toBool(), true);
        QCOMPARE(json.value(QStringLiteral("tracks_copied")).toInt(), 120);
        QCOMPARE(json.value(QStringLiteral("batches")).toInt(), 18); // 120 tracks, 7 per batch
        QCOMPARE(json.value(QStringLiteral("runs_copied")).toInt(), 2);
        QCOMPARE(digestOf(file), before); // only read

        const QStringList query{QStringLiteral("tracks"), QStringLiteral("query"), QStringLiteral("--bbox"),
                                QStringLiteral("39.6,43.4,40.1,43.8")};
        const test::CliRun fromFile = test::runCli(query + QStringList{QStringLiteral("--sqlite"), file});
        const test::CliRun fromDb = test::runCli(query + QStringList{QStringLiteral("--db"), conninfo});
        QCOMPARE(fromFile.exitCode, 0);
        QCOMPARE(fromDb.exitCode, 0);
        QCOMPARE(fromDb.out.count(QLatin1Char('\n')), 120);
        QCOMPARE(fromDb.out, fromFile.out);
        const QStringList status{QStringLiteral("tracks"), QStringLiteral("status"),
                                 QStringLiteral("--json")};
        const QJsonObject a =
            QJsonDocument::fromJson(
                test::runCli(status + QStringList{QStringLiteral("--sqlite"), file}).out.toUtf8())
                .object();
        const QJsonObject b =
            QJsonDocument::fromJson(
                test::runCli(status + QStringList{QStringLiteral("--db"), conninfo}).out.toUtf8())
                .object();
        for (const char* key : {"tracks", "pipeline_runs", "extent", "by_source"})
            QCOMPARE(b.value(QLatin1String(key)), a.value(QLatin1String(key)));

        // Ids were kept, and the store's ids go on after them.
        auto store = TracksDatabase::open(TracksLocation::postgis(conninfo));
        QRandomGenerator random(99);
        TrackImporter(*store, TrackSourceList::demo(), kNow)
            .importBatch(QStringLiteral("b"), QStringLiteral("osm"),
                         {walk(random, QStringLiteral("osm"), 30)});
        QCOMPARE(scalar(conninfo, QStringLiteral("SELECT max(id) FROM tracks")), 121LL);
        QCOMPARE(scalar(conninfo, QStringLiteral("SELECT max(id) FROM pipeline_runs")), 3LL);
    }

    // Cancelled after two batches, then run again: it resumes after the last id copied, with no duplicate.
    void anInterruptedMigrationResumesWithoutADuplicate() {
        const QString file = filledFile(m_dir.filePath(QStringLiteral("resume.sqlite")), 60);
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tm_resume"));
        TracksMigrateRequest request{file, conninfo, 10};
        TaskFeedback feedback;
        int batches = 0;
        feedback.setSink([&](const TaskProgress&) {
            if (++batches == 2)
                feedback.cancel();
        });
        const TracksMigrateReport first = TracksMigrateJob::run(request, feedback);
        QVERIFY(first.cancelled);
        QVERIFY(!first.done());
        QCOMPARE(first.tracksCopied, 20);
        QCOMPARE(first.runsCopied, 0); // the runs and the overview come last
        QCOMPARE(scalar(conninfo, QStringLiteral("SELECT count(*) FROM tracks")), 20LL);

        TaskFeedback again;
        const TracksMigrateReport second = TracksMigrateJob::run(request, again);
        QVERIFY(second.resumed);
        QCOMPARE(second.tracksBefore, 20);
        QCOMPARE(second.tracksCopied, 40);
        QCOMPARE(second.runsCopied, 2);
        QVERIFY2(second.done(), qPrintable(second.mismatches.join('\n')));
        QVERIFY(!second.alreadyMigrated);
        QCOMPARE(scalar(conninfo, QStringLiteral("SELECT count(DISTINCT dedup_key) FROM tracks")), 60LL);

        // A third run copies nothing and verifies again.
        const TracksMigrateReport third = TracksMigrateJob::run(request, again);
        QCOMPARE(third.tracksCopied, 0);
        QCOMPARE(third.runsCopied, 0);
        QVERIFY(third.done());
        QVERIFY(third.alreadyMigrated);
        QVERIFY(scalar(conninfo,
                       QStringLiteral(
                           "SELECT count(*) FROM tracks_migration WHERE verified_at IS NOT NULL")) == 1);
    }

    // A store that holds other tracks is refused before anything is written.
    void aNonEmptyStoreThatIsNoEarlierRunIsRefused() {
        const QString file = filledFile(m_dir.filePath(QStringLiteral("refuse.sqlite")), 10);
        const QString other = filledFile(m_dir.filePath(QStringLiteral("other.sqlite")), 5);
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tm_refuse"));
        TaskFeedback feedback;
        QVERIFY(TracksMigrateJob::run({other, conninfo, 100}, feedback).done());
        QString message;
        QCOMPARE(test::thrownKind(
                     [&] {
                         TracksMigrateJob::run({file, conninfo, 100}, feedback);
                     },
                     &message),
                 Error::Kind::Refused);
        QVERIFY2(message.contains(QLatin1String("not empty")) &&
                     message.contains(QLatin1String("other.sqlite")),
                 qPrintable(message));
        QCOMPARE(scalar(conninfo, QStringLiteral("SELECT count(*) FROM tracks")), 5LL);
        // Through the CLI: exit 3.
        const test::CliRun run =
            test::runCli({QStringLiteral("tracks"), QStringLiteral("migrate"), QStringLiteral("--sqlite"),
                          file, QStringLiteral("--db"), conninfo});
        QCOMPARE(run.exitCode, 3);
        // A store without the schema names tracks init --db.
        const QString bare = test::freshPostgisStore(QStringLiteral("tm_bare"), false);
        QCOMPARE(test::thrownKind(
                     [&] {
                         TracksMigrateJob::run({file, bare, 100}, feedback);
                     },
                     &message),
                 Error::Kind::Schema);
        QVERIFY2(message.contains(QLatin1String("tracks init --db")), qPrintable(message));
    }

    // The verification compares what it says it does: a changed length, a lost track are found.
    void aStoreThatDiffersFromTheFileIsNotVerified() {
        const QString file = filledFile(m_dir.filePath(QStringLiteral("differ.sqlite")), 30);
        const QString conninfo = test::freshPostgisStore(QStringLiteral("tm_differ"));
        TaskFeedback feedback;
        QVERIFY(TracksMigrateJob::run({file, conninfo, 100}, feedback).done());
        PgConnection::open(conninfo)->exec(
            QStringLiteral("UPDATE tracks SET length_m = length_m + 0.001 WHERE id = 4"));
        TracksMigrateReport report = TracksMigrateJob::run({file, conninfo, 100}, feedback);
        QVERIFY(!report.verified);
        QVERIFY2(report.mismatches.join('\n').contains(QLatin1String(" m in the file")),
                 qPrintable(report.mismatches.join('\n')));
        PgConnection::open(conninfo)->exec(
            QStringLiteral("UPDATE tracks SET length_m = length_m - 0.001 WHERE id = 4"));
        PgConnection::open(conninfo)->exec(QStringLiteral("UPDATE tracks SET dedup_key = 'x' WHERE id = 5"));
        report = TracksMigrateJob::run({file, conninfo, 100}, feedback);
        QVERIFY(!report.verified);
        QVERIFY2(report.mismatches.join('\n').contains(QLatin1String("track 5: dedup key x")),
                 qPrintable(report.mismatches.join('\n')));
        // A copied track gone from the store (as a retention there would do) is a write by someone else.
        PgConnection::open(conninfo)->exec(QStringLiteral("DELETE FROM tracks WHERE id = 5"));
        QString message;
        QCOMPARE(test::thrownKind(
                     [&] {
                         TracksMigrateJob::run({file, conninfo, 100}, feedback);
                     },
                     &message),
                 Error::Kind::Refused);
        QVERIFY2(message.contains(QLatin1String("1 track copied by the migration and deleted since (id 5")),
                 qPrintable(message));
    }
};

QTEST_GUILESS_MAIN(TracksMigrateTest)
#include "test_tracksmigrate.moc"
