// tidemark-cli tracks query / retain / health as a process on a real SpatiaLite file.
#include "clirunner.h"
#include "freshtracksfile.h"
#include "metricsfilecheck.h"
#include "spatialitedatabase.h"
#include "testfiles.h"
#include "trackimporter.h"
#include "tracksretention.h"
#include "tracksstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>

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

  private slots:
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
