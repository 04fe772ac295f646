// The tracks jobs through both front ends: tidemark-cli as a process and the console's TracksDataset with a
// real TaskManager, on copies of the same file and the same GPX files, give the same report (files, rows,
// refusals, deleted tracks, exit semantics); a cancelled import stops between files and reports exactly what
// it committed.
#include "agedtracksfile.h"
#include "clirunner.h"
#include "freshtracksfile.h"
#include "taskfeedback.h"
#include "taskmanager.h"
#include "testfiles.h"
#include "tracksdataset.h"
#include "tracksimportjob.h"
#include "tracksstore.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::tracks;
using tidemark::test::runCli;

namespace {

const QString kGpxDir = QStringLiteral(TIDEMARK_SOURCE_DIR "/tests/data/gpx/");

qint64 scalar(const QString& path, const QString& sql) {
    return SpatialiteDatabase::open(path)->scalar(sql);
}

// The rows of a file that an import or a retention run decides, in a comparable form.
QStringList contents(const QString& path) {
    auto db = SpatialiteDatabase::open(path);
    QStringList rows;
    auto q =
        db->prepare(QStringLiteral("SELECT id, name, activity_type, sources_json, points_count FROM tracks "
                                   "ORDER BY id"));
    while (q.step())
        rows << QStringLiteral("%1 %2 %3 %4 %5")
                    .arg(q.toInt64(0))
                    .arg(q.text(1), q.text(2), q.text(3))
                    .arg(q.toInt64(4));
    auto runs = db->prepare(QStringLiteral("SELECT region, source, status, tracks_added, tracks_merged FROM "
                                           "pipeline_runs ORDER BY id"));
    while (runs.step())
        rows << QStringLiteral("run %1 %2 %3 %4 %5")
                    .arg(runs.text(0), runs.text(1), runs.text(2))
                    .arg(runs.toInt64(3))
                    .arg(runs.toInt64(4));
    return rows;
}

} // namespace

class TestTracksJobs : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    TaskManager m_tasks;

    QString freshFile(const QString& name) {
        const QString path = m_dir.filePath(name);
        test::freshTracksFile(path);
        return path;
    }

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The same GPX files (one cut short, so refused) with the same source, region, routes and activity: the
    // CLI's --json report and the dataset's TracksImportReport say the same per file and in total, the CLI
    // exits 1 for the refused file as the dataset's report says one was refused, and both files end up with
    // the same rows.
    void importGivesTheSameReportThroughBothFrontEnds() {
        const QString cut = m_dir.filePath(QStringLiteral("cut.gpx"));
        const QByteArray bytes = test::readFile(kGpxDir + QStringLiteral("korita-zbevnica.gpx"));
        test::writeFile(cut, bytes.left(bytes.size() / 2));
        const QStringList files{
            kGpxDir + QStringLiteral("Mojstrovka.gpx"), cut, kGpxDir + QStringLiteral("korita-zbevnica.gpx"),
            kGpxDir + QStringLiteral("route.gpx"), kGpxDir + QStringLiteral("gpx1.1_with_all_fields.gpx")};
        const QString viaCli = freshFile(QStringLiteral("import-cli.sqlite"));
        const QString viaConsole = freshFile(QStringLiteral("import-console.sqlite"));
        const QString now = QStringLiteral("2026-11-30T00:00:00Z");

        const auto run =
            runCli(QStringList{QStringLiteral("tracks"), QStringLiteral("import"), QStringLiteral("--sqlite"),
                               viaCli, QStringLiteral("--source"), QStringLiteral("velomarsh"),
                               QStringLiteral("--region"), QStringLiteral("si"), QStringLiteral("--routes"),
                               QStringLiteral("--activity"), QStringLiteral("Hike"), QStringLiteral("--now"),
                               now, QStringLiteral("--json")} +
                   files);
        QCOMPARE(run.exitCode, 1);
        const QJsonObject cli = QJsonDocument::fromJson(run.out.toUtf8()).object();

        TracksDataset dataset(&m_tasks);
        dataset.setClock([now] { return parseIsoTimestamp(now); });
        dataset.setPath(viaConsole);
        QSignalSpy imported(&dataset, &TracksDataset::imported);
        dataset.importFiles(files, QStringLiteral("velomarsh"), QStringLiteral("si"), true,
                            QStringLiteral("Hike"));
        QVERIFY(imported.wait(60000));
        const TracksImportReport& report = dataset.lastImport();
        QVERIFY(!report.cancelled);
        QVERIFY(report.anyRefused()); // the CLI's exit 1

        const QJsonArray perFile = cli.value(QStringLiteral("files")).toArray();
        QCOMPARE(perFile.size(), qsizetype(report.files.size()));
        for (qsizetype i = 0; i < perFile.size(); ++i) {
            const QJsonObject o = perFile[i].toObject();
            const GpxFileImportResult& r = report.files[size_t(i)];
            QCOMPARE(o.value(QStringLiteral("file")).toString(), r.path);
            QCOMPARE(o.value(QStringLiteral("status")).toString() == QLatin1String("refused"), r.refused());
            QCOMPARE(o.value(QStringLiteral("error")).toString(), r.error);
            if (r.refused())
                continue;
            QCOMPARE(o.value(QStringLiteral("added")).toInt(), r.written.added);
            QCOMPARE(o.value(QStringLiteral("merged")).toInt(), r.written.merged);
            QCOMPARE(o.value(QStringLiteral("unchanged")).toInt(), r.written.unchanged);
            QCOMPARE(o.value(QStringLiteral("points")).toInteger(), r.read.points);
            QCOMPARE(o.value(QStringLiteral("skipped_routes")).toInt(), r.read.skippedRoutes);
        }
        const QJsonObject total = cli.value(QStringLiteral("total")).toObject();
        const GpxImportTotals totals = report.totals();
        QCOMPARE(total.value(QStringLiteral("files")).toInt(), totals.files);
        QCOMPARE(total.value(QStringLiteral("refused")).toInt(), totals.refused);
        QCOMPARE(total.value(QStringLiteral("added")).toInt(), totals.added);
        QCOMPARE(total.value(QStringLiteral("tracks")).toInteger(), totals.tracks);
        QCOMPARE(totals.refused, 1);
        QVERIFY(totals.added > 0);
        QCOMPARE(cli.value(QStringLiteral("cancelled")).toBool(), report.cancelled);
        QTRY_COMPARE_WITH_TIMEOUT(m_tasks.activeCount(), 0, 60000);
        QCOMPARE(contents(viaConsole), contents(viaCli));
        // --activity and the dataset's activity: the tracks without a <type> are hikes in both.
        QVERIFY(scalar(viaConsole,
                       QStringLiteral("SELECT count(*) FROM tracks WHERE activity_type = 'hike'")) > 0);
    }

    // A cancel between files (here from the progress after the first file) stops the import there: the first
    // file is committed and reported, the others are listed as not imported and nothing of them is written.
    void cancelledImportStopsBetweenFiles() {
        const QString path = freshFile(QStringLiteral("cancel-job.sqlite"));
        TracksImportRequest request;
        request.store = TracksLocation::file(path);
        request.sourceId = QStringLiteral("osm");
        request.files = QStringList{kGpxDir + QStringLiteral("korita-zbevnica.gpx"),
                                    kGpxDir + QStringLiteral("Mojstrovka.gpx"),
                                    kGpxDir + QStringLiteral("cerknicko-jezero.gpx")};
        request.now = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));
        TaskFeedback feedback;
        QList<TracksImportProgress> seen;
        feedback.setSink([&](const TaskProgress& progress) {
            if (!progress.detail.canConvert<TracksImportProgress>())
                return;
            seen << progress.detail.value<TracksImportProgress>();
            feedback.cancel();
        });
        const TracksImportReport report = TracksImportJob::run(request, feedback);
        QVERIFY(report.cancelled);
        QCOMPARE(report.files.size(), size_t(1));
        QCOMPARE(report.files.front().path, request.files.first());
        QCOMPARE(report.notImported, request.files.mid(1));
        QCOMPARE(seen.size(), 1);
        QCOMPARE(seen.first().filesDone, 1);
        QCOMPARE(seen.first().files, 3);
        QCOMPARE(seen.first().points, report.files.front().read.points);
        QCOMPARE(scalar(path, QStringLiteral("SELECT count(*) FROM tracks")), report.totals().added);
        QCOMPARE(scalar(path, QStringLiteral("SELECT count(*) FROM pipeline_runs")), 1);
    }

    // Through the dataset and its TaskManager: whenever the cancel lands, the report the dataset gets says
    // exactly what is in the file (the files it lists as imported, nothing of those it lists as not).
    void cancelledImportThroughTheDatasetReportsWhatWasCommitted() {
        const QString path = freshFile(QStringLiteral("cancel-dataset.sqlite"));
        // Enough files that the cancel, queued to this thread from the first file's progress, lands while
        // the import still runs (a small file imports in about a millisecond).
        QStringList files;
        for (int i = 0; i < 600; ++i)
            files << kGpxDir +
                         (i % 2 ? QStringLiteral("Mojstrovka.gpx") : QStringLiteral("korita-zbevnica.gpx"));
        TracksDataset dataset(&m_tasks);
        dataset.setPath(path);
        QTRY_COMPARE_WITH_TIMEOUT(m_tasks.activeCount(), 0, 60000);
        QSignalSpy imported(&dataset, &TracksDataset::imported);
        connect(&dataset, &TracksDataset::importProgressed, this, [&](const TaskProgress& progress) {
            if (progress.detail.canConvert<TracksImportProgress>())
                m_tasks.cancel(dataset.importTask());
        });
        dataset.importFiles(files, QStringLiteral("osm"));
        QVERIFY(imported.wait(60000));
        const TracksImportReport& report = dataset.lastImport();
        QVERIFY(report.cancelled);
        QVERIFY(!report.files.empty());
        QCOMPARE(qsizetype(report.files.size()) + report.notImported.size(), files.size());
        QCOMPARE(scalar(path, QStringLiteral("SELECT count(*) FROM pipeline_runs WHERE status = 'ok'")),
                 qint64(report.files.size()));
        QCOMPARE(scalar(path, QStringLiteral("SELECT count(*) FROM tracks")), report.totals().added);
    }

    // The retention's dry run and run: the CLI at --now and the dataset with the same clock, on copies of one
    // file, find and delete the same tracks in the same batches, with a consistent R-tree (exit 0).
    void retainGivesTheSameReportThroughBothFrontEnds() {
        const Micros now = nowMicros();
        const QString viaCli = test::agedTracksFile(m_dir.filePath(QStringLiteral("retain-cli.sqlite")), now);
        const QString viaConsole = m_dir.filePath(QStringLiteral("retain-console.sqlite"));
        QVERIFY(QFile::copy(viaCli, viaConsole));
        const QStringList args{
            QStringLiteral("tracks"), QStringLiteral("retain"), QStringLiteral("--sqlite"), viaCli,
            QStringLiteral("--now"),  formatIsoTimestamp(now),  QStringLiteral("--json")};
        const auto dry = runCli(args + QStringList{QStringLiteral("--dry-run")});
        QCOMPARE(dry.exitCode, 0);
        const auto run = runCli(args);
        QCOMPARE(run.exitCode, 0);
        const QJsonObject cliDry = QJsonDocument::fromJson(dry.out.toUtf8()).object();
        const QJsonObject cliRun = QJsonDocument::fromJson(run.out.toUtf8()).object();

        TracksDataset dataset(&m_tasks);
        dataset.setClock([now] { return now; });
        dataset.setPath(viaConsole);
        QSignalSpy previewed(&dataset, &TracksDataset::previewed);
        dataset.previewRetention();
        QVERIFY(previewed.wait(60000));
        const std::vector<qint64> preview = dataset.retentionPreview().ids; // a run clears the preview
        const Micros previewCutoff = dataset.retentionPreview().cutoff;
        QSignalSpy retained(&dataset, &TracksDataset::retained);
        dataset.retain();
        QVERIFY(retained.wait(60000));

        const auto ids = [](const QJsonArray& array) {
            std::vector<qint64> v;
            for (const QJsonValue& id : array)
                v.push_back(id.toInteger());
            return v;
        };
        QCOMPARE(ids(cliDry.value(QStringLiteral("would_delete")).toArray()), preview);
        QCOMPARE(preview.size(), size_t(10));
        const TracksRetainReport& report = dataset.lastRetain();
        QCOMPARE(ids(cliRun.value(QStringLiteral("deleted")).toArray()), report.run.deleted);
        QCOMPARE(cliRun.value(QStringLiteral("batches")).toInt(), report.run.batches);
        // The preview's cutoff is the dry run's; the console's Delete applies the preview as a plan, judged
        // by this machine's clock when it runs (spec/operations.md), so its cutoff is not before the CLI
        // run's.
        QCOMPARE(cliDry.value(QStringLiteral("cutoff")).toString(), formatIsoTimestamp(previewCutoff));
        QVERIFY(report.applied);
        QVERIFY(report.cutoff >= parseIsoTimestamp(cliRun.value(QStringLiteral("cutoff")).toString()));
        QCOMPARE(cliRun.value(QStringLiteral("spatial_index_valid")).toBool(), report.run.spatialIndexValid);
        QCOMPARE(cliRun.value(QStringLiteral("cancelled")).toBool(), report.cancelled);
        QVERIFY(!report.indexInconsistent()); // the CLI's exit 0
        QTRY_COMPARE_WITH_TIMEOUT(m_tasks.activeCount(), 0, 60000);
        QCOMPARE(contents(viaConsole), contents(viaCli));
    }
};

QTEST_GUILESS_MAIN(TestTracksJobs)
#include "test_tracksjobs.moc"
