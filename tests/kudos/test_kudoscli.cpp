#include "archivefixtures.h"
#include "clirunner.h"
#include "kudostestdata.h"
#include "metricsfilecheck.h"
#include "pgconnection.h"
#include "tests3.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <map>

using namespace tidemark;
using namespace tidemark::test;

// tidemark-cli kudos retain | partitions | statement | reconcile | disclosure, run as the built executable
// against a swapped copy of the generated kudos data.
class TestKudosCli : public QObject {
    Q_OBJECT

    static QJsonObject json(const CliRun& run) { return QJsonDocument::fromJson(run.out.toUtf8()).object(); }
    static QString at(Micros t) { return formatIsoTimestamp(t); }
    // The catalog's and the balance snapshots' row counts: what a refused run must leave as they were.
    static QString catalogAndSnapshots(const QString& db) {
        return openKudos(db)
            ->exec(QStringLiteral("SELECT (SELECT count(*) FROM kudos_retention_catalog) || '/' ||"
                                  " (SELECT count(*) FROM kudos_balance_snapshots)"))
            .text(0, 0);
    }

  private slots:
    void aWindowBelowThirtyDaysIsASettingsError() {
        const QString db = swappedKudosDatabase(QStringLiteral("kudoscli_window"));
        const CliRun run =
            runCli({QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--db"), db},
                   {{QStringLiteral("KUDOS_RETENTION_STATS_WINDOW_DAYS"), QStringLiteral("14")}});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QLatin1String("KUDOS_RETENTION_STATS_WINDOW_DAYS")), qPrintable(run.err));
        QVERIFY(run.err.contains(QLatin1String("at least 30 days")));
        auto conn = openKudos(db);
        QCOMPARE(conn->exec(QStringLiteral("SELECT count(*) FROM kudos_retention_catalog")).toLong(0, 0), 0);
    }

    void theDisclosureFollowsTheSettings() {
        const CliRun run =
            runCli({QStringLiteral("kudos"), QStringLiteral("disclosure")},
                   {{QStringLiteral("KUDOS_RETENTION_CURRENCY_WINDOW_DAYS"), QStringLiteral("45")},
                    {QStringLiteral("KUDOS_RETENTION_STATS_WINDOW_DAYS"), QStringLiteral("60")}});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains(QLatin1String("at least 45 days")), qPrintable(run.out));
        QVERIFY(run.out.contains(QLatin1String("Statistic events older than 60 days")));
        QVERIFY(run.out.contains(QLatin1String("without a fixed end date")));
    }

    // retain --once, repeated, walks every eligible range to `dropped`, one state per run; then there is
    // nothing to do. The partitions, the statement and the reconciliation read the result.
    void retainOnceWalksEverythingToDropped() {
        const QString db = swappedKudosDatabase(QStringLiteral("kudoscli_walk"));
        {
            auto conn = openKudos(db);
            conn->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
            conn->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true WHERE NOT applied"));
        }
        QTemporaryDir archive;
        // The archive as an operator makes it: archive init, the folder's parent given.
        const CliRun init =
            runCli({QStringLiteral("archive"), QStringLiteral("init"), QStringLiteral("--archive"),
                    QStringLiteral("file://") + archive.path(), QStringLiteral("--db"), db});
        QVERIFY2(init.exitCode == 0 && init.out.contains(QLatin1String("is now Tidemark archive")),
                 qPrintable(init.out + init.err));
        const QStringList common{QStringLiteral("--db"),
                                 db,
                                 QStringLiteral("--now"),
                                 at(kudosAllEligible()),
                                 QStringLiteral("--archive"),
                                 QStringLiteral("file://") + archive.path(),
                                 QStringLiteral("--allow-clock-ahead"),
                                 QStringLiteral("--json")};
        const CliRun dry = runCli(
            QStringList{QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--dry-run")} +
            common);
        QCOMPARE(dry.exitCode, 0);
        const int planned = json(dry).value(QStringLiteral("remaining")).toArray().size();
        QVERIFY(planned >= 2);
        // Every run (a process, as the timer starts them) adds its figures to one metrics file.
        const QString metrics = archive.filePath(QStringLiteral("tidemark_kudos_retain.prom"));
        std::map<QString, double> expected; // series -> the sum over the runs' JSON results
        int steps = 0;
        for (; steps < 200; ++steps) {
            const CliRun run =
                runCli(QStringList{QStringLiteral("kudos"), QStringLiteral("retain"),
                                   QStringLiteral("--once"), QStringLiteral("--metrics-file"), metrics} +
                       common);
            QVERIFY2(run.exitCode == 0, qPrintable(run.err));
            const QJsonArray done = json(run).value(QStringLiteral("done")).toArray();
            if (done.isEmpty())
                break;
            QCOMPARE(done.size(), 1);
            const QJsonObject step = done.first().toObject();
            QCOMPARE(step.value(QStringLiteral("to")).toString(),
                     step.value(QStringLiteral("state")).toString());
            const QString dataset =
                QStringLiteral("dataset=\"%1\"").arg(step.value(QStringLiteral("dataset")).toString());
            const QString state = step.value(QStringLiteral("state")).toString();
            expected[QStringLiteral("tidemark_kudos_retention_steps_total{%1,state=\"%2\"}")
                         .arg(dataset, state)] += 1;
            if (state == QLatin1String("dropped"))
                expected[QStringLiteral("tidemark_kudos_retention_rows_dropped_total{%1}").arg(dataset)] +=
                    step.value(QStringLiteral("rows")).toDouble();
            if (state == QLatin1String("exported") || state == QLatin1String("dumped"))
                expected[QStringLiteral("tidemark_kudos_retention_archived_bytes_total{%1}").arg(dataset)] +=
                    step.value(QStringLiteral("bytes")).toDouble();
            expected[QStringLiteral("tidemark_kudos_retention_step_seconds_count{%1}").arg(dataset)] += 1;
        }
        QVERIFY(steps > 20);
        const QString text = test::readMetricsFile(metrics);
        for (const auto& [series, value] : expected)
            QVERIFY2(test::metricValue(text, series) == value,
                     qPrintable(QStringLiteral("%1: %2 in the file, %3 from the runs")
                                    .arg(series)
                                    .arg(test::metricValue(text, series))
                                    .arg(value)));
        QVERIFY(expected.size() >= 8); // both datasets, every state they pass through
        QCOMPARE(test::metricValue(text, QStringLiteral("tidemark_kudos_retain_last_exit_code")), 0.0);
        QVERIFY(test::metricValue(
                    text, QStringLiteral("tidemark_kudos_retain_last_success_timestamp_seconds")) > 0);
        const QString problems = test::promtoolProblems(metrics);
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
        const CliRun last =
            runCli({QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--once"),
                    QStringLiteral("--db"), db, QStringLiteral("--now"), at(kudosAllEligible()),
                    QStringLiteral("--allow-clock-ahead"), QStringLiteral("--archive"),
                    QStringLiteral("file://") + archive.path()});
        QCOMPARE(last.exitCode, 0);
        QVERIFY2(last.out.contains(QLatin1String("nothing to do")), qPrintable(last.out));

        const CliRun partitions =
            runCli({QStringLiteral("kudos"), QStringLiteral("partitions"), QStringLiteral("--db"), db,
                    QStringLiteral("--now"), at(kudosAllEligible()), QStringLiteral("--json")});
        QCOMPARE(partitions.exitCode, 0);
        int dropped = 0, online = 0;
        for (const QJsonValue& v : json(partitions).value(QStringLiteral("partitions")).toArray()) {
            const QJsonObject p = v.toObject();
            if (p.value(QStringLiteral("state")).toString() == QLatin1String("dropped")) {
                ++dropped;
                QVERIFY(!p.value(QStringLiteral("online")).toBool());
                QCOMPARE(p.value(QStringLiteral("rows")).toInt(), 0);
                if (p.value(QStringLiteral("dataset")).toString() == QLatin1String("currency"))
                    QVERIFY(!p.value(QStringLiteral("archive_key")).toString().isEmpty());
            } else {
                ++online;
                QVERIFY(!p.value(QStringLiteral("eligible")).toBool());
            }
        }
        QVERIFY(dropped >= 2 * kKudosWeeks);
        QVERIFY(online >= 8); // the weekly partitions kept ahead

        const CliRun statement =
            runCli({QStringLiteral("kudos"), QStringLiteral("statement"), QStringLiteral("--user"),
                    QStringLiteral("7"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        QCOMPARE(statement.exitCode, 0);
        const QJsonArray lines = json(statement).value(QStringLiteral("lines")).toArray();
        QVERIFY(!lines.isEmpty());
        for (const QJsonValue& v : lines)
            QCOMPARE(v.toObject().value(QStringLiteral("source")).toString(), QStringLiteral("statement"));
    }

    void reconcileReportsAndRepairsDrift() {
        const QString db = swappedKudosDatabase(QStringLiteral("kudoscli_reconcile"));
        const QStringList common{QStringLiteral("--db"), db, QStringLiteral("--now"), at(kudosEnd()),
                                 QStringLiteral("--json")};
        const CliRun before = runCli(QStringList{QStringLiteral("kudos"), QStringLiteral("reconcile"),
                                                 QStringLiteral("--take-snapshot")} +
                                     common);
        QVERIFY2(before.exitCode == 0, qPrintable(before.err));
        QCOMPARE(json(before).value(QStringLiteral("users_drifting")).toInt(), 0);
        const QString snapshot = json(before).value(QStringLiteral("snapshot_id")).toString();
        openKudos(db)->exec(QStringLiteral("UPDATE users SET kudos = kudos + 5 WHERE id = 3"));
        const QStringList withSnapshot = common + QStringList{QStringLiteral("--snapshot"), snapshot};
        const CliRun drift =
            runCli(QStringList{QStringLiteral("kudos"), QStringLiteral("reconcile")} + withSnapshot);
        QCOMPARE(drift.exitCode, 0);
        const QJsonArray drifting = json(drift).value(QStringLiteral("drifting")).toArray();
        QCOMPARE(drifting.size(), 1);
        QCOMPARE(drifting.first().toObject().value(QStringLiteral("user_id")).toInt(), 3);
        QCOMPARE(drifting.first().toObject().value(QStringLiteral("drift")).toString(),
                 QStringLiteral("5.00"));
        const CliRun apply = runCli(
            QStringList{QStringLiteral("kudos"), QStringLiteral("reconcile"), QStringLiteral("--apply")} +
            withSnapshot);
        QCOMPARE(apply.exitCode, 0);
        QCOMPARE(json(apply).value(QStringLiteral("repaired")).toInt(), 1);
        const CliRun again = runCli(
            QStringList{QStringLiteral("kudos"), QStringLiteral("reconcile"), QStringLiteral("--apply")} +
            withSnapshot);
        QCOMPARE(json(again).value(QStringLiteral("already_repaired")).toInt(), 1);
        QCOMPARE(json(again).value(QStringLiteral("repaired")).toInt(), 0);
    }

    // retain (also --dry-run) and reconcile refuse a clock ahead of the server's with exit 3, naming both
    // clocks, before anything is done; --allow-clock-ahead runs and warns.
    void aClockAheadOfTheServerIsRefusedWithExit3() {
        const QString db = swappedKudosDatabase(QStringLiteral("kudoscli_clock"));
        const auto written = [&] { return catalogAndSnapshots(db); };
        const QString before = written();
        const Micros server = openKudos(db)->serverNow();
        for (const Micros ahead : {kMicrosPerHour, 400 * kMicrosPerDay}) {
            const QString later = at(server + ahead);
            for (const QStringList& command :
                 {QStringList{QStringLiteral("kudos"), QStringLiteral("retain")},
                  QStringList{QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--dry-run")},
                  QStringList{QStringLiteral("kudos"), QStringLiteral("reconcile"),
                              QStringLiteral("--take-snapshot")}}) {
                const CliRun run =
                    runCli(command + QStringList{QStringLiteral("--db"), db, QStringLiteral("--now"), later});
                QCOMPARE(run.exitCode, 3);
                QVERIFY2(run.err.contains(later) &&
                             run.err.contains(QLatin1String("database server's now()")) &&
                             run.err.contains(QLatin1String("--allow-clock-ahead")),
                         qPrintable(run.err));
            }
        }
        QCOMPARE(written(), before);
        QTemporaryDir archive;
        const CliRun rehearsal =
            runCli({QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--dry-run"),
                    QStringLiteral("--db"), db, QStringLiteral("--now"), at(server + kMicrosPerHour),
                    QStringLiteral("--archive"), initialisedArchiveFolder(archive.path()),
                    QStringLiteral("--allow-clock-ahead"), QStringLiteral("--json")});
        QCOMPARE(rehearsal.exitCode, 0);
        QVERIFY(json(rehearsal).value(QStringLiteral("clock_override")).toBool());
        QVERIFY2(rehearsal.err.contains(QLatin1String("clock check overridden")), qPrintable(rehearsal.err));
    }

    // An archive without its marker (a folder that does not exist, an unmounted NAS's empty mount point) is
    // refused by the dry run and the run alike (exit 3): no folder is created, nothing is written into it,
    // and the database is not touched.
    void anArchiveWithoutItsMarkerIsRefused() {
        const QString db = swappedKudosDatabase(QStringLiteral("kudoscli_nomarker"));
        const auto written = [&] { return catalogAndSnapshots(db); };
        const QString before = written();
        QTemporaryDir tmp;
        const QString missing = tmp.filePath(QStringLiteral("nonexistent/deeper/archive"));
        const QString mountPoint = tmp.filePath(QStringLiteral("nas"));
        QVERIFY(QDir().mkdir(mountPoint));
        for (const QStringList& command :
             {QStringList{QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--dry-run")},
              QStringList{QStringLiteral("kudos"), QStringLiteral("retain")}}) {
            const CliRun gone = runCli(
                command + QStringList{QStringLiteral("--db"), db, QStringLiteral("--now"),
                                      at(kudosAllEligible()), QStringLiteral("--allow-clock-ahead"),
                                      QStringLiteral("--archive"), QStringLiteral("file://") + missing});
            QCOMPARE(gone.exitCode, 3);
            QVERIFY2(gone.err.contains(QStringLiteral("no Tidemark archive at file://%1: not mounted, or run "
                                                      "archive init (the folder %1 does not exist)")
                                           .arg(missing)),
                     qPrintable(gone.err));
            QVERIFY(!QFileInfo::exists(tmp.filePath(QStringLiteral("nonexistent"))));

            const CliRun empty = runCli(
                command + QStringList{QStringLiteral("--db"), db, QStringLiteral("--now"),
                                      at(kudosAllEligible()), QStringLiteral("--allow-clock-ahead"),
                                      QStringLiteral("--archive"), QStringLiteral("file://") + mountPoint});
            QCOMPARE(empty.exitCode, 3);
            QVERIFY2(
                empty.err.contains(QStringLiteral("no Tidemark archive at file://%1: not mounted, or run "
                                                  "archive init (the folder %1 exists but holds no "
                                                  "tidemark-archive.json)")
                                       .arg(mountPoint)),
                qPrintable(empty.err));
            QCOMPARE(QDir(mountPoint).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                     QStringList());
        }
        QCOMPARE(written(), before);
    }

    // The same on S3 (a real radosgw): a prefix without the marker is refused, and not one object is PUT
    // into the bucket by a run that would export ranges.
    void anS3PrefixWithoutItsMarkerIsRefusedAndNothingIsPut() {
        const QString db = swappedKudosDatabase(QStringLiteral("kudoscli_s3nomarker"));
        openKudos(db)->exec(QStringLiteral("UPDATE kudos_ledger SET applied = true WHERE NOT applied"));
        const QString bucketUrl = TestS3::createBucket(QStringLiteral("kudoscli_nomarker"));
        const QString bucket = QUrl(bucketUrl).host();
        const QString url =
            QString(bucketUrl).insert(bucketUrl.indexOf(QLatin1Char('?')), QStringLiteral("/site"));
        const auto listing = [&] {
            int status = 0;
            const QByteArray xml = TestS3::curl(TestS3::server(), QStringLiteral("GET"),
                                                QStringLiteral("/%1?list-type=2").arg(bucket), &status);
            return status == 200 && !xml.contains("<Key>");
        };
        QVERIFY(listing());
        const CliRun run = runCli({QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--db"),
                                   db, QStringLiteral("--now"), at(kudosAllEligible()),
                                   QStringLiteral("--allow-clock-ahead"), QStringLiteral("--archive"), url},
                                  {{QStringLiteral("AWS_ACCESS_KEY_ID"), TestS3::server().accessKey},
                                   {QStringLiteral("AWS_SECRET_ACCESS_KEY"), TestS3::server().secretKey}});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(
            run.err.contains(QStringLiteral("no Tidemark archive at %1: not mounted, or run archive init "
                                            "(the bucket %2 holds no site/tidemark-archive.json)")
                                 .arg(url, bucket)),
            qPrintable(run.err));
        QVERIFY(listing());
    }

    void withoutAnArchiveTheCurrencyWaitsAndTheExitSaysRetry() {
        const QString db = swappedKudosDatabase(QStringLiteral("kudoscli_noarchive"));
        openKudos(db)->exec(QStringLiteral("UPDATE kudos_stat_events SET applied = true"));
        const CliRun run =
            runCli({QStringLiteral("kudos"), QStringLiteral("retain"), QStringLiteral("--db"), db,
                    QStringLiteral("--now"), at(kudosAllEligible()), QStringLiteral("--allow-clock-ahead")},
                   {{QStringLiteral("TIDEMARK_ARCHIVE_URL"), QString()}});
        QCOMPARE(run.exitCode, 75);
        QVERIFY2(run.err.contains(QLatin1String("no archive is configured")), qPrintable(run.err));
        QVERIFY(run.out.contains(QLatin1String("roll up")));
    }
};

QTEST_GUILESS_MAIN(TestKudosCli)
#include "test_kudoscli.moc"
