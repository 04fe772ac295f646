// tidemark-cli tracks query / retain / health as a process on a real SpatiaLite file.
#include "clirunner.h"
#include "freshtracksfile.h"
#include "metricsfilecheck.h"
#include "spatialitedatabase.h"
#include "testfiles.h"
#include "trackimporter.h"
#include "tracksretention.h"
#include "tracksstore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <unistd.h>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {
const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));

ImportedTrack straightTrack(int i, const QString& source, const QString& activity) {
    ImportedTrack t;
    t.sourceId = source;
    t.externalUrl = QStringLiteral("https://%1.example/%2").arg(source).arg(i);
    t.name = QStringLiteral("track %1").arg(i);
    t.activityType = activity;
    const double lat = 55 + (i % 10) * 0.05, lon = 37 + (i / 10) * 0.05;
    for (int p = 0; p < 30; ++p)
        t.points.push_back({lat + p * 0.0002, lon + p * 0.0003 + (p % 3) * 0.0001, std::nullopt});
    return t;
}
} // namespace

class TestTracksCli : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir m_dir;
    QString m_path;

    // A tracks file with ten tracks imported at each of `ages` (microseconds added to this machine's clock).
    QString fileCreatedAt(const std::vector<Micros>& ages, const QString& name) {
        const QString path = m_dir.filePath(name);
        auto db = test::freshTracksFile(path);
        int i = 1000;
        for (const Micros age : ages) {
            std::vector<ImportedTrack> tracks;
            for (int k = 0; k < 10; ++k)
                tracks.push_back(straightTrack(i++, QStringLiteral("osm"), QStringLiteral("hike")));
            TrackImporter(*db, TrackSourceList::demo(), nowMicros() + age)
                .importBatch(QStringLiteral("cfo"), QStringLiteral("osm"), tracks);
        }
        return path;
    }

    // Every read-only command on `path` as the current user, or, as root, as `nobody` (to whom a 0444 file
    // in a 0555 folder is truly read-only; root writes anyway).
    static QList<test::CliRun> readOnlyCommands(const QString& path, bool asOtherUser) {
        const QList<QStringList> commands = {
            {QStringLiteral("tracks"), QStringLiteral("status")},
            {QStringLiteral("tracks"), QStringLiteral("health")},
            {QStringLiteral("tracks"), QStringLiteral("query"), QStringLiteral("--bbox"),
             QStringLiteral("36,54,39,57")},
            {QStringLiteral("tracks"), QStringLiteral("retain"), QStringLiteral("--dry-run")},
            {QStringLiteral("forecast"), QStringLiteral("tracks")},
            {QStringLiteral("plan")}};
        QList<test::CliRun> runs;
        for (const QStringList& command : commands) {
            const QStringList args = command + QStringList{QStringLiteral("--sqlite"), path};
            if (!asOtherUser || ::geteuid() != 0) {
                runs << test::runCli(args);
                continue;
            }
            QProcess p;
            p.start(QStringLiteral("runuser"),
                    QStringList{QStringLiteral("-u"), QStringLiteral("nobody"), QStringLiteral("--"),
                                QStringLiteral(TIDEMARK_BINARY_DIR "/app/cli/tidemark-cli")} +
                        args);
            p.waitForFinished(120000);
            runs << test::CliRun{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                                 QString::fromUtf8(p.readAllStandardOutput()),
                                 QString::fromUtf8(p.readAllStandardError())};
        }
        return runs;
    }

  private slots:
    // A backup copy (VACUUM INTO: a rollback-journal file) is not changed by looking at it: no journal-mode
    // change, nothing created beside it; and a read-only copy can be read by every read-only command.
    void readOnlyCommandsWriteNothing() {
        const QString live = fileCreatedAt({-2 * kMicrosPerDay, 0}, QStringLiteral("readonly_live.sqlite"));
        QTemporaryDir copies(m_dir.filePath(QStringLiteral("copies-XXXXXX")));
        const QString backup = copies.filePath(QStringLiteral("backup.sqlite"));
        {
            auto db = SpatialiteDatabase::open(live);
            db->exec(QStringLiteral("VACUUM INTO '%1'").arg(backup));
        }
        const auto before = test::folderDigests(copies.path());
        for (const test::CliRun& run : readOnlyCommands(backup, false))
            QVERIFY2(run.exitCode == 0 || run.exitCode == 1, qPrintable(run.err + run.out));
        QCOMPARE(test::folderDigests(copies.path()), before);

        QFile::setPermissions(copies.path(), QFileDevice::ReadOwner | QFileDevice::ExeOwner |
                                                 QFileDevice::ReadOther | QFileDevice::ExeOther);
        QFile::setPermissions(backup, QFileDevice::ReadOwner | QFileDevice::ReadOther);
        QFile::setPermissions(m_dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                QFileDevice::ExeOwner | QFileDevice::ExeOther);
        for (const test::CliRun& run : readOnlyCommands(backup, true)) {
            QVERIFY2(run.exitCode == 0 || run.exitCode == 1, qPrintable(run.err + run.out));
            QVERIFY2(!run.err.contains(QLatin1String("readonly")) &&
                         !run.err.contains(QLatin1String("read-only")),
                     qPrintable(run.err));
        }
        QCOMPARE(test::folderDigests(copies.path()), before);
        QFile::setPermissions(copies.path(),
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    }

    void initTestCase() {
        m_path = m_dir.filePath(QStringLiteral("gps_tracks.sqlite"));
        auto db = test::freshTracksFile(m_path);
        const QStringList activities{QStringLiteral("mtb"), QStringLiteral("hike")};
        for (int year = 0; year < 4; ++year) {
            std::vector<ImportedTrack> osm, ttrails;
            for (int i = year * 25; i < year * 25 + 25; ++i)
                (i % 3 ? osm : ttrails)
                    .push_back(straightTrack(i, i % 3 ? QStringLiteral("osm") : QStringLiteral("ttrails"),
                                             activities[i % 2]));
            const Micros at =
                kNow - (year * 2 + 1) * 366 * kMicrosPerDay; // 1, 3, 5 and 7 years and a few days back
            TrackImporter importer(*db, TrackSourceList::demo(), at);
            importer.importBatch(QStringLiteral("cfo"), QStringLiteral("osm"), osm);
            importer.importBatch(QStringLiteral("cfo"), QStringLiteral("ttrails"), ttrails);
        }
    }

    void queryPrintsOneJsonObjectPerTrack() {
        const QStringList box{QStringLiteral("--bbox"), QStringLiteral("36.9,54.9,37.3,55.3")};
        const test::CliRun run = test::runCli(
            QStringList{QStringLiteral("tracks"), QStringLiteral("query"), QStringLiteral("--sqlite"), m_path,
                        QStringLiteral("--activity"), QStringLiteral("mtb"), QStringLiteral("--source"),
                        QStringLiteral("osm,velomarsh")} +
            box);
        QCOMPARE(run.exitCode, 0);
        auto db = SpatialiteDatabase::open(m_path);
        const std::vector<qint64> expected =
            TracksStore(*db).idsInBox(36.9, 54.9, 37.3, 55.3, {QStringLiteral("mtb")},
                                      {QStringLiteral("osm"), QStringLiteral("velomarsh")});
        QVERIFY(expected.size() > 5);
        const QStringList lines = run.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), static_cast<qsizetype>(expected.size()));
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QJsonObject o = QJsonDocument::fromJson(lines[i].toUtf8()).object();
            QCOMPARE(o.value(QStringLiteral("id")).toInteger(), expected[static_cast<size_t>(i)]);
            QCOMPARE(o.value(QStringLiteral("activity")).toString(), QStringLiteral("mtb"));
            QCOMPARE(o.value(QStringLiteral("sources")).toArray().first().toString(), QStringLiteral("osm"));
            QCOMPARE(o.value(QStringLiteral("points_count")).toInt(), 30);
            QVERIFY(o.value(QStringLiteral("length_m")).toDouble() > 100);
            QCOMPARE(o.value(QStringLiteral("bbox")).toArray().size(), 4);
            QVERIFY(o.contains(QStringLiteral("name")));
        }
    }

    void badBboxIsAUsageError() {
        for (const QString& bad : {QStringLiteral("1,2,3"), QStringLiteral("a,1,2,3"),
                                   QStringLiteral("3,1,2,4"), QStringLiteral("-200,0,1,1")}) {
            const test::CliRun run =
                test::runCli({QStringLiteral("tracks"), QStringLiteral("query"), QStringLiteral("--sqlite"),
                              m_path, QStringLiteral("--bbox=") + bad});
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.err.contains(QLatin1String("--bbox")), qPrintable(run.err));
        }
    }

    void retainPreviewsThenDeletesTheSameTracks() {
        const QStringList args{QStringLiteral("tracks"),   QStringLiteral("retain"),
                               QStringLiteral("--sqlite"), m_path,
                               QStringLiteral("--now"),    QStringLiteral("2026-11-30T00:00:00Z"),
                               QStringLiteral("--json")};
        const test::CliRun bad =
            test::runCli(args, {{QStringLiteral("GPS_TRACKS_RETENTION_YEARS"), QStringLiteral("x")}});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains(QLatin1String("GPS_TRACKS_RETENTION_YEARS")));
        const test::CliRun dry = test::runCli(args + QStringList{QStringLiteral("--dry-run")});
        QCOMPARE(dry.exitCode, 0);
        const QJsonArray wouldDelete = QJsonDocument::fromJson(dry.out.toUtf8())
                                           .object()
                                           .value(QStringLiteral("would_delete"))
                                           .toArray();
        QCOMPARE(wouldDelete.size(),
                 50); // the imports 5 and 7 years (and a few days) back
        QCOMPARE(TracksStore(*SpatialiteDatabase::open(m_path)).count(), 100);
        QTemporaryDir metricsDir;
        const QString metrics = metricsDir.filePath(QStringLiteral("tidemark_tracks_retain.prom"));
        const QStringList withMetrics = args + QStringList{QStringLiteral("--metrics-file"), metrics};
        const test::CliRun run = test::runCli(withMetrics);
        QCOMPARE(run.exitCode, 0);
        const QJsonObject report = QJsonDocument::fromJson(run.out.toUtf8()).object();
        QCOMPARE(report.value(QStringLiteral("deleted")).toArray(), wouldDelete);
        QVERIFY(report.value(QStringLiteral("spatial_index_valid")).toBool());
        QVERIFY(report.contains(QStringLiteral("freed_bytes")));
        QCOMPARE(TracksStore(*SpatialiteDatabase::open(m_path)).count(), 50);
        // A second run (the next timer) deletes nothing; the file adds both runs up.
        const test::CliRun again = test::runCli(withMetrics);
        QCOMPARE(again.exitCode, 0);
        const QString text = test::readMetricsFile(metrics);
        QCOMPARE(test::metricValue(text, QStringLiteral("tidemark_tracks_retention_tracks_deleted_total")),
                 50.0);
        // A counter never decreases: a run after which the file (with its WAL) grew counts 0.
        const auto freed = [](const test::CliRun& r) {
            return std::max(0.0, QJsonDocument::fromJson(r.out.toUtf8())
                                     .object()
                                     .value(QStringLiteral("freed_bytes"))
                                     .toDouble());
        };
        QVERIFY(freed(run) > 0);
        QCOMPARE(test::metricValue(text, QStringLiteral("tidemark_tracks_retention_freed_bytes_total")),
                 freed(run) + freed(again));
        QCOMPARE(test::metricValue(text, QStringLiteral("tidemark_tracks_retention_seconds_count")), 2.0);
        QCOMPARE(
            test::metricValue(text, QStringLiteral("tidemark_tracks_retention_index_inconsistent_total")),
            0.0);
        QCOMPARE(test::metricValue(text, QStringLiteral("tidemark_tracks_retain_last_exit_code")), 0.0);
        const QString problems = test::promtoolProblems(metrics);
        QVERIFY2(problems.isEmpty(), qPrintable(problems));
    }

    // A clock ahead of this machine's by more than 5 minutes (an hour, 400 days) is refused, run and dry run:
    // exit 3, nothing deleted, the message naming the instant given and the clock it is ahead of. With
    // --allow-clock-ahead the run goes ahead, warns and is counted in the metrics.
    void retainRefusesAClockAhead_data() {
        QTest::addColumn<qint64>("ahead");
        QTest::addColumn<bool>("dryRun");
        QTest::newRow("1 hour") << qint64(kMicrosPerHour) << false;
        QTest::newRow("1 hour, dry run") << qint64(kMicrosPerHour) << true;
        QTest::newRow("400 days") << qint64(400 * kMicrosPerDay) << false;
        QTest::newRow("400 days, dry run") << qint64(400 * kMicrosPerDay) << true;
    }
    void retainRefusesAClockAhead() {
        QFETCH(qint64, ahead);
        QFETCH(bool, dryRun);
        const QString path = fileCreatedAt({-6 * 366 * kMicrosPerDay, -2 * kMicrosPerDay},
                                           QStringLiteral("ahead-%1-%2.sqlite").arg(ahead).arg(dryRun));
        const QString now = formatIsoTimestamp(nowMicros() + ahead);
        QStringList args{QStringLiteral("tracks"),   QStringLiteral("retain"),
                         QStringLiteral("--sqlite"), path,
                         QStringLiteral("--now"),    now};
        if (dryRun)
            args << QStringLiteral("--dry-run");
        const test::CliRun run = test::runCli(args);
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(
            run.err.contains(QStringLiteral("the retention's clock %1 is ").arg(now)) &&
                QRegularExpression(QStringLiteral("later than this machine's clock \\d{4}-\\d\\d-\\d\\dT"))
                    .match(run.err)
                    .hasMatch() &&
                run.err.contains(QLatin1String("nothing was deleted")) &&
                run.err.contains(QLatin1String("--allow-clock-ahead")),
            qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
        QCOMPARE(TracksStore(*SpatialiteDatabase::open(path)).count(), 20);

        QTemporaryDir metricsDir;
        const QString metrics = metricsDir.filePath(QStringLiteral("tidemark_tracks_retain.prom"));
        const test::CliRun overridden =
            test::runCli(args + QStringList{QStringLiteral("--allow-clock-ahead"), QStringLiteral("--json"),
                                            QStringLiteral("--metrics-file"), metrics});
        QCOMPARE(overridden.exitCode, 0);
        QVERIFY2(overridden.err.contains(
                     QStringLiteral("WARNING: clock check overridden (--allow-clock-ahead)")) &&
                     overridden.err.contains(now),
                 qPrintable(overridden.err));
        const QJsonObject o = QJsonDocument::fromJson(overridden.out.toUtf8()).object();
        QVERIFY(o.value(QStringLiteral("clock_override")).toBool());
        // The tracks six years old go; those of two days ago are younger than five years also 400 days ahead.
        QCOMPARE(
            o.value(dryRun ? QStringLiteral("would_delete") : QStringLiteral("deleted")).toArray().size(),
            10);
        QCOMPARE(TracksStore(*SpatialiteDatabase::open(path)).count(), dryRun ? 20 : 10);
        if (!dryRun)
            QCOMPARE(test::metricValue(test::readMetricsFile(metrics),
                                       QStringLiteral("tidemark_tracks_retention_clock_overrides_total")),
                     1.0);
    }

    // Within the limit the run goes on: a clock a minute ahead of this machine's is not refused.
    void retainAcceptsAClockWithinTheLimit() {
        const QString path =
            fileCreatedAt({-6 * 366 * kMicrosPerDay, -2 * kMicrosPerDay}, QStringLiteral("within.sqlite"));
        const test::CliRun run =
            test::runCli({QStringLiteral("tracks"), QStringLiteral("retain"), QStringLiteral("--sqlite"),
                          path, QStringLiteral("--now"), formatIsoTimestamp(nowMicros() + kMicrosPerMinute)});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QVERIFY2(!run.err.contains(QLatin1String("WARNING")), qPrintable(run.err));
        QCOMPARE(TracksStore(*SpatialiteDatabase::open(path)).count(), 10);
    }

    // This machine's clock years ahead cannot be seen against itself; against the file it can: a run that
    // would delete every track (the newest created before the cutoff) is refused, naming the newest track's
    // created_at, unless --allow-clock-ahead.
    void retainRefusesToDeleteEveryTrack() {
        const QString path = fileCreatedAt({-7 * 366 * kMicrosPerDay, -6 * 366 * kMicrosPerDay},
                                           QStringLiteral("all-old.sqlite"));
        const QStringList args{QStringLiteral("tracks"), QStringLiteral("retain"), QStringLiteral("--sqlite"),
                               path};
        for (const QString& dry : {QStringLiteral("--dry-run"), QStringLiteral("--json")}) {
            const test::CliRun run = test::runCli(args + QStringList{dry});
            QCOMPARE(run.exitCode, 3);
            QVERIFY2(run.err.contains(QLatin1String("later than the day the newest track (created_at ")) &&
                         run.err.contains(QLatin1String("it would delete every track of the store")),
                     qPrintable(run.err));
        }
        QCOMPARE(TracksStore(*SpatialiteDatabase::open(path)).count(), 20);
        const test::CliRun overridden =
            test::runCli(args + QStringList{QStringLiteral("--allow-clock-ahead")});
        QVERIFY2(overridden.exitCode == 0, qPrintable(overridden.err));
        QVERIFY2(overridden.err.contains(QLatin1String("the day the newest track (created_at")),
                 qPrintable(overridden.err));
        QCOMPARE(TracksStore(*SpatialiteDatabase::open(path)).count(), 0);
    }

    void healthInTextAndJson() {
        const QStringList args{QStringLiteral("tracks"), QStringLiteral("health"), QStringLiteral("--sqlite"),
                               m_path};
        const test::CliRun text = test::runCli(args);
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains(QLatin1String("database:")) &&
                     !text.out.contains(QLatin1String("WARNING")),
                 qPrintable(text.out));
        const test::CliRun json =
            test::runCli(args + QStringList{QStringLiteral("--json"), QStringLiteral("--warn-above-mb"),
                                            QStringLiteral("0")});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QVERIFY(o.value(QStringLiteral("warning")).toBool());
        QVERIFY(o.value(QStringLiteral("db_size_mb")).toDouble() > 0);
        QCOMPARE(o.value(QStringLiteral("last_runs")).toArray().size(), 5);
    }

    void aFileThatIsNotSqliteIsNamed() {
        const QString notes = m_dir.filePath(QStringLiteral("notes.txt"));
        test::writeFile(notes,
                        "not a database at all, just some text that is long enough to fill a header of "
                        "one hundred bytes...");
        const test::CliRun run = test::runCli(
            {QStringLiteral("tracks"), QStringLiteral("health"), QStringLiteral("--sqlite"), notes});
        QVERIFY(run.exitCode != 0);
        QVERIFY2(run.err.contains(notes) && run.err.contains(QLatin1String("not a SQLite database")),
                 qPrintable(run.err));
    }
};

QTEST_GUILESS_MAIN(TestTracksCli)
#include "test_tracks_cli.moc"
