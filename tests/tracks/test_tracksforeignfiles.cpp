// Files that are not tracks files, and tracks files with objects of their own, through the real CLI: every
// tracks command refuses them, naming what is missing or foreign, and leaves them byte for byte as they were,
// with no -wal, -shm or -journal file beside them; a hostile trigger never fires.
#include "clirunner.h"
#include "foreignsqlitefile.h"
#include "freshtracksfile.h"
#include "sqlitefile.h"
#include "testfiles.h"
#include "trackimporter.h"
#include "tracksourcelist.h"
#include "tracksstore.h"

#include <QDir>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {
const QString kGpx = QStringLiteral(TIDEMARK_SOURCE_DIR "/tests/data/gpx/korita-zbevnica.gpx");

QString names(const QMap<QString, QByteArray>& state) {
    return state.keys().join(QLatin1Char(' '));
}

// The commands that must never change a file that is not (or not only) a tracks file.
QList<QStringList> commandsOn(const QString& path) {
    const QStringList sqlite{QStringLiteral("--sqlite"), path};
    return {
        QStringList{QStringLiteral("tracks"), QStringLiteral("status")} + sqlite,
        QStringList{QStringLiteral("tracks"), QStringLiteral("import"), QStringLiteral("--source"),
                    QStringLiteral("osm"), kGpx} +
            sqlite,
        QStringList{QStringLiteral("tracks"), QStringLiteral("query"), QStringLiteral("--bbox"),
                    QStringLiteral("-180,-90,180,90")} +
            sqlite,
        QStringList{QStringLiteral("tracks"), QStringLiteral("retain")} + sqlite,
        QStringList{QStringLiteral("tracks"), QStringLiteral("retain"), QStringLiteral("--dry-run")} + sqlite,
        QStringList{QStringLiteral("tracks"), QStringLiteral("health")} + sqlite,
    };
}

// A tracks file with three tracks created six years before this machine's clock (which a retention run
// deletes) and one a day before it.
QString tracksFileWithTracks(const QString& path) {
    auto db = test::freshTracksFile(path);
    std::vector<ImportedTrack> tracks;
    for (int i = 0; i < 4; ++i) {
        ImportedTrack t;
        t.sourceId = QStringLiteral("osm");
        t.externalUrl = QStringLiteral("https://osm.example/%1").arg(i);
        t.activityType = QStringLiteral("hike");
        for (int p = 0; p < 10; ++p)
            t.points.push_back({46.0 + i * 0.01 + p * 0.0003, 14.0 + p * 0.0004, std::nullopt});
        tracks.push_back(std::move(t));
    }
    const ImportedTrack recent = tracks.back();
    tracks.pop_back();
    TrackImporter(*db, TrackSourceList::demo(), nowMicros() - 6 * 366 * kMicrosPerDay)
        .importBatch(QStringLiteral("si"), QStringLiteral("osm"), tracks);
    TrackImporter(*db, TrackSourceList::demo(), nowMicros() - kMicrosPerDay)
        .importBatch(QStringLiteral("si"), QStringLiteral("osm"), {recent});
    return path;
}
} // namespace

class TestTracksForeignFiles : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // A file `name` in a folder of its own under the test's folder.
    QString folderFile(const QString& folder, const QString& name) {
        QDir(m_dir.path()).mkpath(folder);
        return m_dir.filePath(folder + QLatin1Char('/') + name);
    }

    QString plainDatabase(const QString& folder, bool wal) {
        return test::writeForeignSqliteFile(folderFile(folder, QStringLiteral("notes.sqlite")), wal);
    }

    // Runs every command on `path`; each is refused (a non-zero exit, `expected` in what it printed) and the
    // folder is as it was.
    void refusedUnchanged(const QString& path, const QRegularExpression& expected,
                          const QHash<QString, QString>& env = {}) {
        const QString folder = QFileInfo(path).absolutePath();
        const QMap<QString, QByteArray> before = test::folderDigests(folder);
        for (const QStringList& args : commandsOn(path)) {
            const test::CliRun run = test::runCli(args, env);
            const QString said = run.out + run.err;
            qInfo("%s %s: exit %d: %s", qPrintable(args[0]), qPrintable(args[1]), run.exitCode,
                  qPrintable(said.trimmed()));
            QVERIFY2(run.exitCode > 0, qPrintable(args.join(QLatin1Char(' '))));
            QVERIFY2(expected.match(said).hasMatch(), qPrintable(said));
            const QMap<QString, QByteArray> after = test::folderDigests(folder);
            QVERIFY2(after.keys() == before.keys(),
                     qPrintable(QStringLiteral("%1: files before: %2; after: %3")
                                    .arg(args[1], names(before), names(after))));
            QVERIFY2(after == before,
                     qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(" changed it")));
        }
    }

  private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void foreignFileIsLeftAsItWas_data() {
        QTest::addColumn<bool>("wal");
        QTest::newRow("rollback journal") << false;
        QTest::newRow("WAL") << true;
    }
    void foreignFileIsLeftAsItWas() {
        QFETCH(bool, wal);
        const QString path = plainDatabase(wal ? QStringLiteral("wal") : QStringLiteral("rollback"), wal);
        QVERIFY(test::readFile(path).at(18) == (wal ? 2 : 1)); // the header says which journal
        refusedUnchanged(
            path, QRegularExpression(QStringLiteral(
                      "has no table tracks and holds table notes|missing tables: tracks, pipeline_runs, "
                      "track_density, track_density_activity \\(not a tracks file\\)")));
        // tracks init makes a file of its own: it does not turn another database into a tracks file.
        const QMap<QString, QByteArray> before = test::folderDigests(QFileInfo(path).absolutePath());
        const test::CliRun init = test::runCli(
            {QStringLiteral("tracks"), QStringLiteral("init"), QStringLiteral("--sqlite"), path});
        QCOMPARE(init.exitCode, 3);
        QVERIFY2(init.err.contains(QLatin1String("table notes is not part of the tracks schema")),
                 qPrintable(init.err));
        QCOMPARE(test::folderDigests(QFileInfo(path).absolutePath()), before);
    }

    // An empty SQLite file (or an empty file) is no tracks file either, and stays as it is, to every command
    // but init.
    void emptyFileIsLeftAsItWas() {
        const QString path = folderFile(QStringLiteral("empty"), QStringLiteral("empty.sqlite"));
        test::writeFile(path, {});
        refusedUnchanged(path, QRegularExpression(QStringLiteral(
                                   "(has no table tracks of the tracks schema|missing "
                                   "tables: tracks, pipeline_runs, track_density, track_density_activity) "
                                   "\\(run: "
                                   "tidemark-cli tracks init")));
        const test::CliRun init = test::runCli(
            {QStringLiteral("tracks"), QStringLiteral("init"), QStringLiteral("--sqlite"), path});
        QVERIFY2(init.exitCode == 0, qPrintable(init.err));
        QCOMPARE(TracksStore(*SpatialiteDatabase::open(path)).count(), 0);
    }

    // A trigger of its own on tracks that writes elsewhere and calls a SpatiaLite function that writes a file
    // (allowed by SPATIALITE_SECURITY=relaxed): every command refuses the file before anything runs, and the
    // trigger never fires.
    void hostileTriggerNeverFires() {
        const QString path =
            tracksFileWithTracks(folderFile(QStringLiteral("hostile"), QStringLiteral("gps_tracks.sqlite")));
        const QString written = m_dir.filePath(QStringLiteral("hostile-was-here"));
        {
            SqliteFile file(path, SqliteFile::Mode::ReadWrite);
            file.exec(QStringLiteral("CREATE TABLE evil_log (what TEXT)"));
            for (const char* event : {"INSERT", "DELETE"})
                file.exec(QStringLiteral("CREATE TRIGGER evil_%1 AFTER %1 ON tracks BEGIN"
                                         " INSERT INTO evil_log VALUES ('%1');"
                                         " SELECT BlobToFile(x'21', '%2'); END")
                              .arg(QLatin1String(event), written));
        }
        const QHash<QString, QString> relaxed{
            {QStringLiteral("SPATIALITE_SECURITY"), QStringLiteral("relaxed")}};
        refusedUnchanged(path, QRegularExpression(QStringLiteral("not part of the tracks schema")), relaxed);
        const test::CliRun retain = test::runCli(
            {QStringLiteral("tracks"), QStringLiteral("retain"), QStringLiteral("--sqlite"), path}, relaxed);
        QCOMPARE(retain.exitCode, 3);
        QVERIFY2(retain.err.contains(QLatin1String("table evil_log")) &&
                     retain.err.contains(QLatin1String("and 2 more")),
                 qPrintable(retain.err));
        const test::CliRun status = test::runCli(
            {QStringLiteral("tracks"), QStringLiteral("status"), QStringLiteral("--sqlite"), path});
        QVERIFY2(status.out.contains(QLatin1String("trigger evil_INSERT on tracks")) &&
                     status.out.contains(QLatin1String("trigger evil_DELETE on tracks")),
                 qPrintable(status.out));
        QVERIFY(!QFile::exists(written));
        SqliteFile file(path, SqliteFile::Mode::ReadOnly);
        QVERIFY(!file.prepare(QStringLiteral("SELECT 1 FROM evil_log")).step());
        auto count = file.prepare(QStringLiteral("SELECT count(*) FROM tracks"));
        QVERIFY(count.step());
        QCOMPARE(count.toInt64(0), 4);
    }

    // One of SpatiaLite's own triggers with a line of its own added, under its own name: compared by its
    // SQL text, it is refused too; the file without it is accepted (the check refuses only what differs).
    void changedSpatialiteTriggerIsRefused() {
        const QString path =
            tracksFileWithTracks(folderFile(QStringLiteral("changed"), QStringLiteral("gps_tracks.sqlite")));
        QString original;
        {
            SqliteFile file(path, SqliteFile::Mode::ReadWrite);
            auto q =
                file.prepare(QStringLiteral("SELECT sql FROM sqlite_master WHERE name = 'gid_tracks_geom'"));
            QVERIFY(q.step());
            original = q.text(0);
            QVERIFY(original.endsWith(QLatin1String("END")));
            file.exec(QStringLiteral("DROP TRIGGER gid_tracks_geom"));
            QString changed = original;
            changed.insert(changed.size() - 3,
                           QStringLiteral("INSERT INTO pipeline_runs (region, source, started_at, status) "
                                          "VALUES ('x', 'x', 'x', 'fired');\n"));
            file.exec(changed);
        }
        refusedUnchanged(path, QRegularExpression(QStringLiteral("trigger gid_tracks_geom on tracks")));
        {
            SqliteFile file(path, SqliteFile::Mode::ReadWrite);
            QVERIFY(
                !file.prepare(QStringLiteral("SELECT 1 FROM pipeline_runs WHERE status = 'fired'")).step());
            file.exec(QStringLiteral("DROP TRIGGER gid_tracks_geom"));
            file.exec(original);
        }
        const test::CliRun retain = test::runCli(
            {QStringLiteral("tracks"), QStringLiteral("retain"), QStringLiteral("--sqlite"), path});
        QVERIFY2(retain.exitCode == 0, qPrintable(retain.err));
        QVERIFY2(retain.out.contains(QLatin1String("deleted 3 track(s)")), qPrintable(retain.out));
    }

    void viewOfItsOwnIsRefused() {
        const QString path =
            tracksFileWithTracks(folderFile(QStringLiteral("view"), QStringLiteral("gps_tracks.sqlite")));
        {
            SqliteFile file(path, SqliteFile::Mode::ReadWrite);
            file.exec(QStringLiteral("CREATE VIEW named_tracks AS SELECT id, AsText(geom) FROM tracks"));
        }
        refusedUnchanged(path, QRegularExpression(QStringLiteral("view named_tracks")));
    }
};

QTEST_GUILESS_MAIN(TestTracksForeignFiles)
#include "test_tracksforeignfiles.moc"
