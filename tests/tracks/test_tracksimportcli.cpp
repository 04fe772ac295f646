#include "clirunner.h"

#include "spatialitedatabase.h"
#include "testfiles.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using tidemark::test::runCli;

namespace {
const QString kGpxDir = QStringLiteral(TIDEMARK_SOURCE_DIR "/tests/data/gpx/");

qint64 scalar(const QString& db, const QString& sql) {
    auto file = tracks::SpatialiteDatabase::open(db);
    return file->scalar(sql);
}
} // namespace

// tidemark-cli tracks import as a process: per-file and total lines, --json, exit codes, the sources
// configuration.
class TestTracksImportCli : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir m_dir;
    QString m_db;

  private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("gps_tracks.sqlite"));
        const auto init =
            runCli({QStringLiteral("tracks"), QStringLiteral("init"), QStringLiteral("--sqlite"), m_db});
        QVERIFY2(init.exitCode == 0, qPrintable(init.err));
    }

    void badFileIsRefusedOthersImported() {
        const QString cut = m_dir.filePath(QStringLiteral("cut.gpx"));
        const QByteArray bytes = test::readFile(kGpxDir + QStringLiteral("korita-zbevnica.gpx"));
        test::writeFile(cut, bytes.left(bytes.size() / 2));
        const auto run =
            runCli({QStringLiteral("tracks"), QStringLiteral("import"), QStringLiteral("--sqlite"), m_db,
                    QStringLiteral("--source"), QStringLiteral("osm"), QStringLiteral("--activity"),
                    QStringLiteral("Hike"), kGpxDir + QStringLiteral("Mojstrovka.gpx"), cut,
                    kGpxDir + QStringLiteral("korita-zbevnica.gpx"), kGpxDir + QStringLiteral("route.gpx"),
                    kGpxDir + QStringLiteral("gpx1.1_with_all_fields.gpx")});
        qInfo("%s", qPrintable(run.out));
        QCOMPARE(run.exitCode, 1);
        const QStringList lines = run.out.trimmed().split(QLatin1Char('\n'));
        QCOMPARE(lines.size(), 6);
        QVERIFY(
            lines[0].startsWith(kGpxDir + QStringLiteral("Mojstrovka.gpx: added 1, merged 0, unchanged 0")));
        QVERIFY(lines[1].startsWith(cut + QStringLiteral(": refused: ") + cut + QStringLiteral(" line ")));
        QVERIFY(lines[1].contains(QLatin1String(", column ")));
        QVERIFY(lines[2].contains(QLatin1String(
            ": added 3, merged 0, unchanged 0; skipped: 2 waypoints, 0 routes, 1 tracks under two points")));
        QVERIFY(lines[3].contains(
            QLatin1String("added 0, merged 0, unchanged 0; skipped: 0 waypoints, 1 routes")));
        QVERIFY(
            lines[4].contains(QLatin1String("skipped: 2 waypoints, 2 routes, 2 tracks under two points")));
        QVERIFY2(
            lines[5].startsWith(QStringLiteral("total: 5 files, 1 refused: added 4, merged 0, unchanged 0; "
                                               "skipped: 4 waypoints, 3 routes, 3 tracks under two points")),
            qPrintable(lines[5]));
        QCOMPARE(scalar(m_db, QStringLiteral("SELECT count(*) FROM tracks")), 4);
        QCOMPARE(scalar(m_db, QStringLiteral("SELECT count(*) FROM tracks WHERE activity_type = 'hike'")), 3);
        QCOMPARE(scalar(m_db, QStringLiteral("SELECT count(*) FROM pipeline_runs WHERE status = 'failed'")),
                 1);
        QCOMPARE(scalar(m_db, QStringLiteral("SELECT count(*) FROM pipeline_runs WHERE status = 'ok'")), 4);
    }

    void jsonAgainIsUnchangedAndRoutesOnRequest() {
        const auto run =
            runCli({QStringLiteral("tracks"), QStringLiteral("import"), QStringLiteral("--sqlite"), m_db,
                    QStringLiteral("--source"), QStringLiteral("ttrails"), QStringLiteral("--region"),
                    QStringLiteral("si"), QStringLiteral("--routes"), QStringLiteral("--json"),
                    kGpxDir + QStringLiteral("Mojstrovka.gpx"), kGpxDir + QStringLiteral("route.gpx")});
        QCOMPARE(run.exitCode, 0);
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(run.out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(run.out)); // one object, nothing else
        const QJsonObject o = doc.object();
        QCOMPARE(o.value(QLatin1String("region")).toString(), QStringLiteral("si"));
        const QJsonArray files = o.value(QLatin1String("files")).toArray();
        QCOMPARE(files.size(), 2);
        QCOMPARE(files[0].toObject().value(QLatin1String("merged")).toInt(), 1);
        QCOMPARE(files[0].toObject().value(QLatin1String("gpx_version")).toString(), QStringLiteral("1.0"));
        QCOMPARE(files[1].toObject().value(QLatin1String("added")).toInt(), 1);
        QCOMPARE(files[1].toObject().value(QLatin1String("skipped_routes")).toInt(), 0);
        const QJsonObject total = o.value(QLatin1String("total")).toObject();
        QCOMPARE(total.value(QLatin1String("files")).toInt(), 2);
        QCOMPARE(total.value(QLatin1String("refused")).toInt(), 0);
        QCOMPARE(total.value(QLatin1String("added")).toInt(), 1);
        QCOMPARE(total.value(QLatin1String("merged")).toInt(), 1);
        QCOMPARE(
            scalar(m_db, QStringLiteral(
                             "SELECT count(*) FROM tracks WHERE sources_json = '[\"osm\",\"ttrails\"]'")),
            1);
    }

    void badUsageIsExitTwo() {
        const QString gpx = kGpxDir + QStringLiteral("Mojstrovka.gpx");
        const QStringList base{QStringLiteral("tracks"), QStringLiteral("import"), QStringLiteral("--sqlite"),
                               m_db};
        const auto unknown =
            runCli(base + QStringList{QStringLiteral("--source"), QStringLiteral("strava"), gpx});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains(QLatin1String("strava")), qPrintable(unknown.err));
        QCOMPARE(runCli(base + QStringList{gpx}).exitCode, 2);
        QCOMPARE(runCli(base + QStringList{QStringLiteral("--source"), QStringLiteral("osm")}).exitCode, 2);
        QCOMPARE(scalar(m_db, QStringLiteral("SELECT count(*) FROM pipeline_runs")), 7);
    }

    void sourcesComeFromTheConfiguration() {
        const QString yaml = m_dir.filePath(QStringLiteral("gps_sources.yaml"));
        test::writeFile(yaml,
                        "sources:\n  - id: garmin\n    name: Garmin Connect\n  - id: osm\n    name: OSM\n");
        const QStringList args{QStringLiteral("tracks"),
                               QStringLiteral("import"),
                               QStringLiteral("--sqlite"),
                               m_db,
                               QStringLiteral("--source"),
                               QStringLiteral("garmin"),
                               kGpxDir + QStringLiteral("korita-zbevnica.gpx")};
        QCOMPARE(runCli(args).exitCode, 2);
        const auto viaEnvironment = runCli(args, {{QStringLiteral("GPS_SOURCES_CONFIG"), yaml}});
        QCOMPARE(viaEnvironment.exitCode, 0);
        QVERIFY(viaEnvironment.out.contains(QLatin1String("merged 3")));
        const auto viaOption = runCli(args + QStringList{QStringLiteral("--sources"), yaml});
        QCOMPARE(viaOption.exitCode, 0);
        QVERIFY(viaOption.out.contains(QLatin1String("added 0, merged 0, unchanged 3")));
        // garmin ranks first in that configuration
        QCOMPARE(scalar(m_db, QStringLiteral(
                                  "SELECT count(*) FROM tracks WHERE sources_json = '[\"garmin\",\"osm\"]'")),
                 3);
    }
};

QTEST_GUILESS_MAIN(TestTracksImportCli)
#include "test_tracksimportcli.moc"
