#include "tracksgenerator.h"

#include "freshtracksfile.h"
#include "pgconnection.h"
#include "spatialitedatabase.h"
#include "tracksstore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace tidemark;

// tidemark-cli demo … run as the built executable: it never touches a folder that is not its own, and its
// status names the private Unix socket the demo cluster listens on.
class TestDemoCli : public QObject {
    Q_OBJECT

    struct Run {
        int exitCode = -1;
        QString out;
        QString err;
    };
    Run cli(const QStringList& args) {
        QProcess p;
        p.start(QStringLiteral(TIDEMARK_BINARY_DIR "/app/cli/tidemark-cli"), args);
        if (!p.waitForFinished(900000))
            return {};
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
    }

    // A real tracks database (the importer's schema and a few generated rides), as an operator keeps one.
    static qint64 writeRealTracksFile(const QString& path) {
        auto db = test::freshTracksFile(path);
        demo::TracksGeneratorOptions options;
        options.tracks = 12;
        options.end = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));
        demo::TracksGenerator(options).importInto(*db);
        return tracks::TracksStore(*db).count();
    }

    // Every entry below `root` with its size and content hash: what must survive unchanged.
    static QStringList snapshot(const QString& root) {
        QStringList entries;
        QDirIterator it(root, QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QString line = QDir(root).relativeFilePath(path);
            QFile f(path);
            if (it.fileInfo().isFile() && f.open(QIODevice::ReadOnly))
                line += QLatin1Char(' ') +
                        QString::fromLatin1(
                            QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex());
            entries << line;
        }
        entries.sort();
        return entries;
    }

  private slots:
    // A folder that holds someone's real gps_tracks.sqlite (and no demo marker) is refused by every demo
    // command with exit code 3 and a message naming it; nothing in it changes.
    void foreignFolderIsRefusedAndSurvives() {
        QTemporaryDir tmp;
        const QString folder = tmp.filePath(QStringLiteral("field-data"));
        QVERIFY(QDir().mkpath(folder));
        const qint64 tracks = writeRealTracksFile(folder + QStringLiteral("/gps_tracks.sqlite"));
        QVERIFY(tracks > 0);
        QVERIFY(QDir(folder).mkpath(QStringLiteral("archive/2026")));
        QFile notes(folder + QStringLiteral("/archive/2026/notes.txt"));
        QVERIFY(notes.open(QIODevice::WriteOnly));
        notes.write("kept\n");
        notes.close();
        const QStringList before = snapshot(folder);
        QVERIFY(before.size() >= 4);

        const QList<QStringList> commands = {
            {QStringLiteral("demo"), QStringLiteral("down"), QStringLiteral("--purge"),
             QStringLiteral("--dir"), folder},
            {QStringLiteral("demo"), QStringLiteral("up"), QStringLiteral("--dir"), folder,
             QStringLiteral("--now"), QStringLiteral("2026-11-30T00:00:00Z")},
            {QStringLiteral("demo"), QStringLiteral("down"), QStringLiteral("--dir"), folder},
            {QStringLiteral("demo"), QStringLiteral("status"), QStringLiteral("--dir"), folder},
        };
        for (const QStringList& args : commands) {
            const Run run = cli(args);
            QVERIFY2(run.exitCode == 3,
                     qPrintable(args.join(QLatin1Char(' ')) +
                                QStringLiteral(": exit %1, %2").arg(run.exitCode).arg(run.err)));
            QVERIFY2(run.err.contains(folder), qPrintable(run.err));
            QVERIFY2(run.err.contains(QStringLiteral(".tidemark-demo")), qPrintable(run.err));
            QCOMPARE(snapshot(folder), before);
        }
        auto db = tracks::SpatialiteDatabase::open(folder + QStringLiteral("/gps_tracks.sqlite"));
        QCOMPARE(tracks::TracksStore(*db).count(), tracks);
    }

    // The same for a folder whose marker is a symbolic link to a marker elsewhere: not this folder's own.
    void markerThatIsALinkIsRefused() {
        QTemporaryDir tmp;
        const QString folder = tmp.filePath(QStringLiteral("linked"));
        QVERIFY(QDir().mkpath(folder));
        QFile real(tmp.filePath(QStringLiteral("real-marker")));
        QVERIFY(real.open(QIODevice::WriteOnly));
        real.write("Tidemark demo workspace: tidemark-cli demo down --purge deletes this folder.\n");
        real.close();
        QVERIFY(QFile::link(real.fileName(), folder + QStringLiteral("/.tidemark-demo")));
        QFile keep(folder + QStringLiteral("/gps_tracks.sqlite"));
        QVERIFY(keep.open(QIODevice::WriteOnly));
        keep.write("not a demo file");
        keep.close();
        const QStringList before = snapshot(folder);
        const Run run = cli({QStringLiteral("demo"), QStringLiteral("down"), QStringLiteral("--purge"),
                             QStringLiteral("--dir"), folder});
        QVERIFY2(run.exitCode == 3, qPrintable(QStringLiteral("exit %1, %2").arg(run.exitCode).arg(run.err)));
        QVERIFY2(run.err.contains(folder), qPrintable(run.err));
        QCOMPARE(snapshot(folder), before);
    }

    // demo status (of the fixture's workspace) names the socket folder, and the connections use it.
    void statusShowsTheSocket() {
        const QString root = QStringLiteral(TIDEMARK_BINARY_DIR "/test-demo");
        const Run json = cli({QStringLiteral("demo"), QStringLiteral("status"), QStringLiteral("--dir"), root,
                              QStringLiteral("--json")});
        QVERIFY2(json.exitCode == 0, qPrintable(json.err));
        const QJsonObject status = QJsonDocument::fromJson(json.out.toUtf8()).object();
        QVERIFY(status.value(QStringLiteral("running")).toBool());
        const QString socketDir = status.value(QStringLiteral("socket_dir")).toString();
        QVERIFY2(socketDir.startsWith(QLatin1Char('/')), qPrintable(json.out));
        struct stat st {};
        QVERIFY(::lstat(QFile::encodeName(socketDir).constData(), &st) == 0);
        QVERIFY(S_ISDIR(st.st_mode));
        QCOMPARE(st.st_mode & 07777, mode_t(0700));
        QCOMPARE(status.value(QStringLiteral("tcp_port")).toInt(), 0); // no TCP unless asked
        const int port = status.value(QStringLiteral("port")).toInt();
        QVERIFY(port > 0);
        QVERIFY(QFileInfo(socketDir + QStringLiteral("/.s.PGSQL.%1").arg(port)).exists());
        for (const char* key : {"positions_conninfo", "kudos_conninfo"}) {
            const QString conninfo = status.value(QLatin1String(key)).toString();
            QString host;
            for (const auto& [keyword, value] : PgConnection::parseConninfo(conninfo))
                if (keyword == QLatin1String("host"))
                    host = value;
            QCOMPARE(host, socketDir);
        }

        const Run text =
            cli({QStringLiteral("demo"), QStringLiteral("status"), QStringLiteral("--dir"), root});
        QVERIFY2(text.exitCode == 0, qPrintable(text.err));
        QVERIFY2(text.out.contains(QStringLiteral("socket")) && text.out.contains(socketDir),
                 qPrintable(text.out));
        QVERIFY2(text.out.contains(QStringLiteral("no TCP")), qPrintable(text.out));
    }
};

QTEST_GUILESS_MAIN(TestDemoCli)
#include "test_democli.moc"
