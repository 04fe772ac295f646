#include "clirunner.h"

#include "sqlitefile.h"
#include "sqlitestatement.h"

#include "spatialitedatabase.h"
#include "testfiles.h"
#include "timestamp.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <csignal>
#include <sqlite3.h>

using namespace tidemark;
using tidemark::test::runCli;

namespace {
const QString kGpxDir = QStringLiteral(TIDEMARK_SOURCE_DIR "/tests/data/gpx/");

qint64 scalar(const QString& db, const QString& sql) {
    auto file = tracks::SpatialiteDatabase::open(db, tracks::SpatialiteDatabase::Mode::ReadOnly);
    return file->scalar(sql);
}

// A GPX file of `tracks` tracks of 40 points each, every one of its own (seeded by `seed`).
QString generatedGpx(const QString& path, int seed, int tracks) {
    QByteArray gpx = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"test\" "
                     "xmlns=\"http://www.topografix.com/GPX/1/1\">\n";
    for (int t = 0; t < tracks; ++t) {
        gpx += "<trk><name>t" + QByteArray::number(seed) + "-" + QByteArray::number(t) + "</name><trkseg>\n";
        const double lat = 46 + (seed % 100) * 0.01 + t * 0.0001, lon = 14 + (seed / 100) * 0.01;
        for (int p = 0; p < 40; ++p)
            gpx += "<trkpt lat=\"" + QByteArray::number(lat + p * 0.0003, 'f', 7) + "\" lon=\"" +
                   QByteArray::number(lon + p * 0.0004 + (p % 2) * 0.00005, 'f', 7) + "\"></trkpt>\n";
        gpx += "</trkseg></trk>\n";
    }
    return test::writeFile(path, gpx + "</gpx>\n");
}

// Whether a writer holds the file's write lock (an import inside a batch): BEGIN IMMEDIATE without waiting.
bool writerHolds(const QString& db) {
    SqliteFile file(db, SqliteFile::Mode::ReadWrite);
    sqlite3_busy_timeout(file.handle(), 0);
    if (sqlite3_exec(file.handle(), "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_BUSY)
        return true;
    sqlite3_exec(file.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
    return false;
}
// Held twice 50 ms apart: a batch's transaction, not one of the import's short statements around it.
bool writerInside(const QString& db) {
    if (!writerHolds(db))
        return false;
    QThread::msleep(50);
    return writerHolds(db);
}

// Each track of a file as its dedup key and sources, sorted: what two imports must agree on.
QStringList trackKeys(const QString& db) {
    auto file = tracks::SpatialiteDatabase::open(db, tracks::SpatialiteDatabase::Mode::ReadOnly);
    SqliteStatement q =
        file->prepare(QStringLiteral("SELECT dedup_key || ' ' || sources_json FROM tracks ORDER BY 1"));
    QStringList keys;
    while (q.step())
        keys << q.text(0);
    return keys;
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

    // Times that are not instants of 1970 to 2100 in ASCII digits: each a refused point time on stderr with
    // its file, line and column; the points keep their positions, the files and their other times are
    // imported, and every stored started_at is a timestamp of that range.
    void badTimesAreRefusedOthersImported() {
        const QStringList badTimes{
            QStringLiteral("9999-12-31T24:00:00Z"),    QStringLiteral("0000-03-01T10:00:00Z"),
            QStringLiteral("1969-12-31T23:59:59Z"),    QStringLiteral("2101-01-01T00:00:00Z"),
            QString::fromUtf8("٢٠٢٥-٠٣-٠١T10:00:00Z"), QString::fromUtf8("２０２５-03-01T10:00:00Z")};
        QStringList files;
        for (int i = 0; i < badTimes.size(); ++i) {
            const QByteArray lat = QByteArray::number(50 + i);
            const QByteArray text =
                "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
                "<trkpt lat=\"" +
                lat + "\" lon=\"14\"><time>" + badTimes[i].toUtf8() +
                "</time></trkpt>\n"
                "<trkpt lat=\"" +
                lat +
                ".001\" lon=\"14\"><time>2025-03-01T10:00:01Z</time></trkpt>\n"
                "<trkpt lat=\"" +
                lat + ".002\" lon=\"14\">\n<time>" + badTimes[i].toUtf8() +
                "</time></trkpt>\n"
                "</trkseg></trk></gpx>\n";
            files << test::writeFile(m_dir.filePath(QStringLiteral("bad-time-%1.gpx").arg(i)), text);
        }
        files << kGpxDir + QStringLiteral("korita-zbevnica.gpx");
        const QString db = m_dir.filePath(QStringLiteral("times.sqlite"));
        QCOMPARE(runCli({QStringLiteral("tracks"), QStringLiteral("init"), QStringLiteral("--sqlite"), db})
                     .exitCode,
                 0);
        const auto run =
            runCli(QStringList{QStringLiteral("tracks"), QStringLiteral("import"), QStringLiteral("--sqlite"),
                               db, QStringLiteral("--source"), QStringLiteral("osm")} +
                   files);
        qInfo("%s%s", qPrintable(run.out), qPrintable(run.err));
        QCOMPARE(run.exitCode, 0);
        for (int i = 0; i < badTimes.size(); ++i) {
            for (const int line : {2, 5})
                QVERIFY2(
                    run.err.contains(
                        QStringLiteral("tidemark-cli: WARNING: %1 line %2, column ").arg(files[i]).arg(line)),
                    qPrintable(run.err));
            QVERIFY2(
                run.out.contains(files[i] + QStringLiteral(": added 1, merged 0, unchanged 0")) &&
                    run.out.contains(QLatin1String("2 point time(s) refused, the points kept without them")),
                qPrintable(run.out));
            QCOMPARE(
                scalar(db, QStringLiteral("SELECT points_count FROM tracks WHERE min_lat = %1").arg(50 + i)),
                3);
        }
        QVERIFY2(run.out.contains(QLatin1String("total: 7 files, 0 refused: added ")), qPrintable(run.out));
        QCOMPARE(run.err.count(QLatin1String("bad <time>")), 2 * badTimes.size());
        auto file = tracks::SpatialiteDatabase::open(db);
        auto started =
            file->prepare(QStringLiteral("SELECT started_at FROM tracks WHERE started_at IS NOT NULL"));
        int times = 0;
        while (started.step()) {
            Micros t = 0;
            QVERIFY2(tryParseIsoTimestamp(started.text(0), &t), qPrintable(started.text(0)));
            QVERIFY2(started.text(0) >= QStringLiteral("1970") && started.text(0) < QStringLiteral("2101"),
                     qPrintable(started.text(0)));
            ++times;
        }
        QVERIFY(times > 0);
    }

    // SIGTERM inside a file (a batch of 2,000 tracks), SIGINT between files, SIGKILL inside a file, and a
    // "running" row an older Tidemark's killed import left: exit 75 with the report of a cancel, the batch
    // in flight rolled back and recorded "stopped", never a row saying "running"; health and plan name the
    // stop; the next import finishes as one uninterrupted import.
    void stopsCleanlyAndRecordsTheStop() {
        QTemporaryDir dir;
        QStringList files;
        files << generatedGpx(dir.filePath(QStringLiteral("big.gpx")), 0, 2000);
        for (int i = 1; i <= 150; ++i)
            files << generatedGpx(dir.filePath(QStringLiteral("f%1.gpx").arg(i)), i, 3);
        const auto init = [&](const QString& name) {
            const QString path = dir.filePath(name);
            const auto run =
                runCli({QStringLiteral("tracks"), QStringLiteral("init"), QStringLiteral("--sqlite"), path});
            if (run.exitCode != 0)
                qFatal("%s", qPrintable(run.err));
            return path;
        };
        const QString reference = init(QStringLiteral("reference.sqlite"));
        const QString db = init(QStringLiteral("stopped.sqlite"));
        const QStringList args{QStringLiteral("tracks"),     QStringLiteral("import"),
                               QStringLiteral("--source"),   QStringLiteral("osm"),
                               QStringLiteral("--activity"), QStringLiteral("hike")};
        const QString scratch = dir.filePath(QStringLiteral("tmp"));
        QVERIFY(QDir().mkdir(scratch));
        const QHash<QString, QString> env{{QStringLiteral("TMPDIR"), scratch}};
        QCOMPARE(runCli(args + QStringList{QStringLiteral("--sqlite"), reference} + files, env).exitCode, 0);

        const QStringList onDb = args + QStringList{QStringLiteral("--sqlite"), db};
        // Inside the big file's batch: its rows are written, none committed.
        {
            test::CliProcess cli(onDb + files, env);
            QVERIFY(cli.waitUntil([&] { return writerInside(db); }, 60000, 5));
            cli.signal(SIGSTOP); // held inside the file, so that its batch cannot end before the signal lands
            cli.signal(SIGTERM);
            cli.signal(SIGCONT);
            const test::CliRun run = cli.finish();
            qInfo("tracks import, SIGTERM inside a file: exit %d after %.0f ms", run.exitCode,
                  cli.stopMilliseconds());
            QVERIFY2(run.exitCode == 75, qPrintable(run.err + run.out));
            QVERIFY2(run.out.contains(QLatin1String("cancelled: 151 file(s) not imported")),
                     qPrintable(run.out));
            QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM tracks")), 0);
            QCOMPARE(
                scalar(db, QStringLiteral("SELECT count(*) FROM pipeline_runs WHERE status = 'stopped'")), 1);
            QCOMPARE(
                scalar(db, QStringLiteral("SELECT count(*) FROM pipeline_runs WHERE status = 'running'")), 0);
            const auto health =
                runCli({QStringLiteral("tracks"), QStringLiteral("health"), QStringLiteral("--sqlite"), db});
            QVERIFY2(health.out.contains(QLatin1String("stopped")), qPrintable(health.out));
            const auto plan = runCli({QStringLiteral("plan"), QStringLiteral("--sqlite"), db});
            QCOMPARE(plan.exitCode, 1);
            QVERIFY2(plan.out.contains(QLatin1String("was stopped before its end")), qPrintable(plan.out));
        }
        // Between the small files.
        {
            test::CliProcess cli(onDb + files.mid(1), env);
            QVERIFY(cli.waitUntil(
                [&] { return scalar(db, QStringLiteral("SELECT count(*) FROM pipeline_runs")) > 20; }));
            cli.signal(SIGSTOP); // held there, so that the import cannot end before the signal lands
            cli.signal(SIGINT);
            cli.signal(SIGCONT);
            const test::CliRun run = cli.finish();
            qInfo("tracks import, SIGINT between files: exit %d after %.0f ms", run.exitCode,
                  cli.stopMilliseconds());
            QVERIFY2(run.exitCode == 75, qPrintable(run.err + run.out));
            QCOMPARE(
                scalar(db, QStringLiteral("SELECT count(*) FROM pipeline_runs WHERE status = 'running'")), 0);
        }
        // SIGKILL inside the big file: nothing of it, and no row saying "running".
        {
            test::CliProcess cli(onDb + files, env);
            QVERIFY(cli.waitUntil([&] { return writerInside(db); }, 60000, 5));
            cli.signal(SIGSTOP);
            cli.signal(SIGKILL);
            QCOMPARE(cli.finish().exitCode, -1);
            QCOMPARE(
                scalar(db, QStringLiteral("SELECT count(*) FROM pipeline_runs WHERE status = 'running'")), 0);
        }
        // What an older Tidemark's killed import left: read as failed, alerted on, marked by the next import.
        {
            auto file = tracks::SpatialiteDatabase::open(db);
            file->exec(QStringLiteral("INSERT INTO pipeline_runs (region, source, started_at, status) VALUES "
                                      "('default', 'osm', '2026-12-01T00:00:00Z', 'running')"));
        }
        const auto health =
            runCli({QStringLiteral("tracks"), QStringLiteral("health"), QStringLiteral("--sqlite"), db});
        QVERIFY2(!health.out.contains(QLatin1String("running")), qPrintable(health.out));
        const auto plan = runCli({QStringLiteral("plan"), QStringLiteral("--sqlite"), db});
        QCOMPARE(plan.exitCode, 1);
        QVERIFY2(plan.out.contains(QLatin1String("process ended before")), qPrintable(plan.out));
        const test::CliRun rest = runCli(onDb + files, env);
        QVERIFY2(rest.exitCode == 0, qPrintable(rest.err + rest.out));
        QVERIFY2(rest.err.contains(QLatin1String("1 import run(s)")), qPrintable(rest.err));
        QCOMPARE(scalar(db, QStringLiteral("SELECT count(*) FROM pipeline_runs WHERE status = 'running'")),
                 0);
        QCOMPARE(trackKeys(db), trackKeys(reference));
        QVERIFY(QDir(scratch).isEmpty());
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
        // A file that is not a list of sources is refused before anything is imported, naming the setting (or
        // the option), the file and the line and column.
        const QString bad = m_dir.filePath(QStringLiteral("bad_sources.yaml"));
        test::writeFile(bad, "sources:\n  - id: garmin\n  - id: garmin\n");
        const qint64 runs = scalar(m_db, QStringLiteral("SELECT count(*) FROM pipeline_runs"));
        const auto badSetting = runCli(args, {{QStringLiteral("GPS_SOURCES_CONFIG"), bad}});
        QCOMPARE(badSetting.exitCode, 2);
        QVERIFY2(badSetting.err.contains(
                     QStringLiteral("GPS_SOURCES_CONFIG: %1 line 3, column 9: the id garmin again").arg(bad)),
                 qPrintable(badSetting.err));
        const auto badOption = runCli(args + QStringList{QStringLiteral("--sources"), bad});
        QCOMPARE(badOption.exitCode, 2);
        QVERIFY2(badOption.err.contains(QStringLiteral("--sources: %1 line 3").arg(bad)),
                 qPrintable(badOption.err));
        QCOMPARE(scalar(m_db, QStringLiteral("SELECT count(*) FROM pipeline_runs")), runs);
        // garmin ranks first in that configuration
        QCOMPARE(scalar(m_db, QStringLiteral(
                                  "SELECT count(*) FROM tracks WHERE sources_json = '[\"garmin\",\"osm\"]'")),
                 3);
    }
};

QTEST_GUILESS_MAIN(TestTracksImportCli)
#include "test_tracksimportcli.moc"
