#include "archivefixtures.h"
#include "archiveurl.h"
#include "demoworkspace.h"
#include "positionsgenerator.h"

#include "error.h"
#include "pgcluster.h"
#include "pgconnection.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <functional>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace tidemark;
using namespace tidemark::demo;

namespace {
const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));

DemoWorkspace::UpOptions smallOptions() {
    DemoWorkspace::UpOptions o;
    o.mowers = 2;
    o.positionDays = 100;
    o.kudosWeeks = 5;
    o.tracks = 120;
    return o;
}

qint64 countOf(const DemoWorkspace::Status& s, const QString& table) {
    for (const auto& c : s.counts)
        if (c.table == table)
            return c.rows;
    return -1;
}

// Holds a listening socket on a free port of 127.0.0.1.
struct BusyPort {
    int fd = -1;
    int port = 0;
    BusyPort() {
        port = PgCluster::findFreePort(57000);
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_port = htons(static_cast<uint16_t>(port));
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(fd, 1) != 0)
            port = 0;
    }
    ~BusyPort() { ::close(fd); }
};

// The marker that makes a folder a demo workspace, and its fixed first line (README).
const QString kMarker = QStringLiteral(".tidemark-demo");
const QByteArray kMarkerLine = "Tidemark demo workspace: tidemark-cli demo down --purge deletes this folder.";

void writeMarker(const QString& root) {
    QFile f(QDir(root).filePath(kMarker));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(kMarkerLine + '\n');
}

bool runningAsRoot() {
    return ::geteuid() == 0;
}

// The user the cluster's server runs as: this one, or (as root) postgres.
uid_t serverUid() {
    if (!runningAsRoot())
        return ::geteuid();
    const passwd* pw = ::getpwnam("postgres");
    return pw ? pw->pw_uid : ::getpwnam("nobody")->pw_uid;
}

struct FileState {
    bool exists = false;
    bool link = false;
    bool dir = false;
    bool regular = false;
    bool socket = false;
    uid_t uid = 0;
    mode_t mode = 0;
};
FileState fileState(const QString& path) {
    struct stat st {};
    FileState f;
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return f;
    f.exists = true;
    f.link = S_ISLNK(st.st_mode);
    f.dir = S_ISDIR(st.st_mode);
    f.regular = S_ISREG(st.st_mode);
    f.socket = S_ISSOCK(st.st_mode);
    f.uid = st.st_uid;
    f.mode = st.st_mode & 07777;
    return f;
}

QString conninfoValue(const QString& conninfo, const QString& keyword) {
    for (const auto& [key, value] : PgConnection::parseConninfo(conninfo))
        if (key == keyword)
            return value;
    return {};
}

QString readText(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

void writeText(const QString& path, const QByteArray& text) {
    QFile::remove(path);
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

// Runs `action`: empty when it threw Error(Refused) naming `mention`, else what happened instead.
QString refusal(const char* what, const std::function<void()>& action, const QString& mention) {
    try {
        action();
    } catch (const Error& e) {
        if (e.kind() != Error::Kind::Refused)
            return QStringLiteral("%1: not refused but: %2").arg(QLatin1String(what), e.message());
        if (!e.message().contains(mention))
            return QStringLiteral("%1: the message does not name %2: %3")
                .arg(QLatin1String(what), mention, e.message());
        return {};
    }
    return QStringLiteral("%1 was not refused").arg(QLatin1String(what));
}
#define EXPECT_REFUSED(what, action, mention)                                                                \
    do {                                                                                                     \
        const QString problem = refusal(                                                                     \
            what, [&] { action; }, mention);                                                                 \
        QVERIFY2(problem.isEmpty(), qPrintable(problem));                                                    \
    } while (false)

// Runs `action`, failing the test (not aborting it) on an Error.
#define CHECK_NO_ERROR(action)                                                                               \
    do {                                                                                                     \
        try {                                                                                                \
            action;                                                                                          \
        } catch (const Error& e) {                                                                           \
            QFAIL(qPrintable(QStringLiteral(#action ": ") + e.message()));                                   \
        }                                                                                                    \
    } while (false)

// Purges a workspace when the test ends, passed or failed, so that no cluster keeps running.
struct PurgeAtEnd {
    DemoWorkspace& workspace;
    ~PurgeAtEnd() {
        try {
            workspace.purge();
        } catch (...) {
        }
    }
};

// Removes a path this test planted outside its temporary folders (in /var/tmp), whatever happens.
struct Planted {
    QStringList paths;
    ~Planted() {
        for (const QString& path : paths) {
            if (QFileInfo(path).isSymLink() || QFileInfo(path).isFile())
                QFile::remove(path);
            else
                QDir(path).removeRecursively();
        }
    }
};
} // namespace

class TestDemoWorkspace : public QObject {
    Q_OBJECT

  private slots:
    // The README's folder: ~/.local/share/Tidemark/demo (XDG data home), unless TIDEMARK_DEMO_DIR (the
    // setting, read by app/) says else.
    void defaultRootIsTheDocumentedFolder() {
        const QByteArray savedXdg = qgetenv("XDG_DATA_HOME");
        qputenv("XDG_DATA_HOME", "/tmp/tidemark-xdg-data");
        QCOMPARE(DemoWorkspace::defaultRoot(), QStringLiteral("/tmp/tidemark-xdg-data/Tidemark/demo"));
        QCOMPARE(DemoWorkspace::defaultRoot(QStringLiteral("/srv/demo")), QStringLiteral("/srv/demo"));
        savedXdg.isNull() ? qunsetenv("XDG_DATA_HOME") : qputenv("XDG_DATA_HOME", savedXdg);
    }

    void upStatusDown() {
        QTemporaryDir tmp;
        const QString root = tmp.filePath(QStringLiteral("demo"));
        DemoWorkspace workspace(root);
        QVERIFY(!workspace.status().initialized);
        workspace.up(42, kNow, smallOptions());
        QVERIFY(workspace.lastUpFigures().generated);

        DemoWorkspace::Status s = workspace.status();
        QVERIFY(s.initialized && s.running);
        QCOMPARE(s.seed, quint64(42));
        QCOMPARE(s.now, kNow);
        QVERIFY(s.port > 0);
        QCOMPARE(s.archiveUrl, QStringLiteral("file://") + root + QStringLiteral("/archive"));
        QVERIFY(QFileInfo(root + QStringLiteral("/archive")).isDir());
        // Its archive is initialised as archive init does it, naming the demo's kudos database.
        const archive::ArchiveMarker marker = *archive::openArchiveStore(s.archiveUrl)->marker();
        QCOMPARE(marker.database->name, QStringLiteral("kudos"));
        QCOMPARE(marker.adoptedObjects, 0);
        QVERIFY(QFileInfo(workspace.tracksPath()).isFile());

        // The database holds exactly what the generator makes for the same options.
        PositionsGeneratorOptions options;
        options.seed = 42;
        options.mowers = 2;
        options.days = 100;
        options.end = kNow;
        qint64 expected = 0;
        for (int i = 0; i < 2; ++i)
            expected += static_cast<qint64>(PositionsGenerator(options).generate(i).track.rows.size());
        QCOMPARE(countOf(s, QStringLiteral("mower_positions")), expected);
        QVERIFY(countOf(s, QStringLiteral("mower_history")) > 0);
        QVERIFY(countOf(s, QStringLiteral("kudos_ledger")) > 10000);
        QVERIFY(countOf(s, QStringLiteral("kudos_stat_events")) >
                3 * countOf(s, QStringLiteral("kudos_ledger")));
        QCOMPARE(countOf(s, QStringLiteral("users")), 400);
        QCOMPARE(countOf(s, QStringLiteral("tracks")), 120);

        {
            auto db = PgConnection::open(workspace.positionsConninfo());
            // The indexes deferred during the COPY are back, under their own names.
            QCOMPARE(
                db->exec(QStringLiteral(
                             "SELECT count(*) FROM pg_indexes WHERE tablename = 'mower_positions'"
                             " AND indexname IN ('mower_positions_pkey', 'ix_mower_positions_mower_time',"
                             " 'brin_mower_positions_observed_at')"))
                    .toLong(0, 0),
                3LL);
            QCOMPARE(
                db
                    ->exec(QStringLiteral(
                        "SELECT count(*) FROM mower_history h WHERE error_code IS NOT NULL AND NOT EXISTS"
                        " (SELECT 1 FROM mower_positions p WHERE p.mower_id = h.mower_id"
                        " AND p.observed_at = h.observed_at)"))
                    .toLong(0, 0),
                0LL);
            auto kudos = PgConnection::open(workspace.kudosConninfo());
            QCOMPARE(
                kudos
                    ->exec(QStringLiteral(
                        "SELECT count(*) FROM pg_indexes WHERE tablename = 'kudos_stat_events'"))
                    .toLong(0, 0),
                8LL); // the seven of the schema, on the partitioned parent, and the swap's BRIN on created
            // Identity sequences continue after the copied ids.
            const qint64 maxId = kudos->exec(QStringLiteral("SELECT max(id) FROM kudos_ledger")).toLong(0, 0);
            const qint64 next =
                kudos
                    ->exec(QStringLiteral("INSERT INTO kudos_ledger (event_id, entry_type, user_id, amount)"
                                          " VALUES (gen_random_uuid(), 'AWARD', 0, 1) RETURNING id"))
                    .toLong(0, 0);
            QVERIFY(next > maxId);
        }

        // Up again: nothing is generated; down stops it; up starts it again.
        workspace.up(42, kNow, smallOptions());
        QVERIFY(!workspace.lastUpFigures().generated);
        QCOMPARE(*archive::openArchiveStore(s.archiveUrl)->marker(), marker);
        // A workspace an earlier Tidemark made: an object of its own in the archive and no marker. The next
        // up verifies and adopts it.
        const QString markerFile = root + QStringLiteral("/archive/tidemark-archive.json");
        QVERIFY(QFile::remove(markerFile));
        const QByteArray csv = "id,created,user_id,amount\n1,2026-11-16 00:00:00,7,1.50\n";
        const Micros lo = parseIsoTimestamp(QStringLiteral("2026-11-16T00:00:00Z"));
        test::putArchiveObject(root + QStringLiteral("/archive"),
                               test::manifestOfCsv(csv, lo, lo + kMicrosPerDay),
                               [&](const auto& sink) { sink(csv.constData(), csv.size()); });
        workspace.down();
        s = workspace.status();
        QVERIFY(s.initialized && !s.running);
        QVERIFY(s.counts.size() == 2); // only the tracks file is readable while down
        workspace.up(42, kNow, smallOptions());
        QVERIFY(!workspace.lastUpFigures().generated);
        QVERIFY(workspace.status().running);
        const archive::ArchiveMarker adopted = *archive::openArchiveStore(s.archiveUrl)->marker();
        QVERIFY(adopted.id != marker.id);
        QCOMPARE(adopted.adoptedObjects, 1);
        workspace.purge();
        QVERIFY(!QFileInfo::exists(root));
        QVERIFY(!workspace.status().running);
    }

    void portInUseCreatesNothing() {
        BusyPort busy;
        QVERIFY(busy.port > 0);
        QTemporaryDir tmp;
        const QString root = tmp.filePath(QStringLiteral("demo"));
        DemoWorkspace::UpOptions options = smallOptions();
        options.port = busy.port;
        try {
            DemoWorkspace(root).up(1, kNow, options);
            QFAIL("a busy port was accepted");
        } catch (const Error& e) {
            QCOMPARE(e.kind(), Error::Kind::Connection);
            QVERIFY2(e.message().contains(QString::number(busy.port)), qPrintable(e.message()));
            QVERIFY(!e.message().contains(QLatin1Char('\n')));
        }
        QVERIFY(!QFileInfo::exists(root));

        // An empty folder is accepted (the port is what fails), and left empty.
        try {
            DemoWorkspace(tmp.path()).up(1, kNow, options);
            QFAIL("a busy port was accepted");
        } catch (const Error& e) {
            QVERIFY2(e.kind() == Error::Kind::Connection, qPrintable(e.message()));
        }
        QVERIFY(
            QDir(tmp.path()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot));
    }

    void unwritableFolderCreatesNothing() {
        QTemporaryDir tmp;
        QFile file(tmp.filePath(QStringLiteral("a-file")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const QString root = file.fileName() + QStringLiteral("/demo");
        try {
            DemoWorkspace(root).up(1, kNow, smallOptions());
            QFAIL("a folder inside a file was accepted");
        } catch (const Error& e) {
            QVERIFY2(e.message().contains(root), qPrintable(e.message()));
        }
        QCOMPARE(QDir(tmp.path()).entryList(QDir::NoDotAndDotDot | QDir::AllEntries),
                 QStringList{QStringLiteral("a-file")});
    }

    void failureHalfWayCleansUp() {
        QTemporaryDir tmp;
        const QString root = tmp.path();
        // A folder where the tracks file must go makes the last step fail after the cluster was filled.
        QVERIFY(QDir(root).mkpath(QStringLiteral("gps_tracks.sqlite/blocker")));
        writeMarker(root); // a demo workspace (else it would be refused for the folder it holds)
        DemoWorkspace workspace(root);
        QVERIFY_THROWS_EXCEPTION(Error, workspace.up(1, kNow, smallOptions()));
        const QStringList left = QDir(root).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden);
        QCOMPARE(left, (QStringList{kMarker, QStringLiteral("gps_tracks.sqlite")})); // what was there before
        PgCluster::Options o;
        o.stateDir = root + QStringLiteral("/cluster");
        QVERIFY(!PgCluster(o).isInitialized()); // PGDATA removed, so nothing can be running
        QVERIFY(!workspace.status().running);
    }

    // A folder that is not empty and has no demo marker is someone else's: every operation refuses it and
    // changes nothing in it.
    void foreignFolderIsRefused() {
        QTemporaryDir tmp;
        const QString root = tmp.filePath(QStringLiteral("field-data"));
        QVERIFY(QDir().mkpath(root));
        writeText(root + QStringLiteral("/gps_tracks.sqlite"), "precious");
        DemoWorkspace workspace(root);
        EXPECT_REFUSED("purge", workspace.purge(), root);
        EXPECT_REFUSED("down", workspace.down(), root);
        EXPECT_REFUSED("status", workspace.status(), root);
        EXPECT_REFUSED("up", workspace.up(1, kNow, smallOptions()), root);
        QCOMPARE(QDir(root).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("gps_tracks.sqlite")});
        QCOMPARE(readText(root + QStringLiteral("/gps_tracks.sqlite")), QStringLiteral("precious"));
        // A marker with other content is no marker.
        writeText(root + QStringLiteral("/") + kMarker, "something else\n");
        EXPECT_REFUSED("purge", workspace.purge(), root);
        QCOMPARE(readText(root + QStringLiteral("/gps_tracks.sqlite")), QStringLiteral("precious"));
    }

    // PGDATA as root lives in a folder of a random name made by mkdtemp in /var/tmp, given to the server's
    // user and recorded in the workspace; the old predictable name is never used. Nothing the demo writes
    // goes through a symbolic link, its files are 0600. A recorded folder that is a link, someone else's or
    // open to others is refused.
    void privateFolderAndFiles() {
        QTemporaryDir tmp;
        QTemporaryDir victims;
        const QString root = tmp.filePath(QStringLiteral("demo"));
        const QString stateDir = root + QStringLiteral("/cluster");
        QVERIFY(QDir().mkpath(stateDir));
        writeMarker(root);
        Planted planted;

        // What another local user could plant: the former predictable PGDATA name as a link to a folder of
        // theirs, and links where the cluster's files go.
        const QString victimDir = victims.filePath(QStringLiteral("victim"));
        QVERIFY(QDir().mkpath(victimDir));
        QVERIFY(::chmod(QFile::encodeName(victimDir).constData(), 0755) == 0);
        writeText(victimDir + QStringLiteral("/precious"), "precious\n");
        const QString predictable =
            QStringLiteral("/var/tmp/tidemark-pg-") +
            QString::fromLatin1(
                QCryptographicHash::hash(stateDir.toUtf8(), QCryptographicHash::Sha1).toHex().left(12));
        if (runningAsRoot() && !QFileInfo::exists(predictable) && !QFileInfo(predictable).isSymLink()) {
            QVERIFY(QFile::link(victimDir, predictable));
            planted.paths << predictable;
        }
        const QStringList clusterFiles = {QStringLiteral("password"), QStringLiteral("pgpass"),
                                          QStringLiteral("port")};
        for (const QString& name : clusterFiles) {
            writeText(victims.filePath(name), "victim\n");
            QVERIFY(QFile::link(victims.filePath(name), stateDir + QLatin1Char('/') + name));
        }

        DemoWorkspace workspace(root);
        PurgeAtEnd purge{workspace};
        CHECK_NO_ERROR(workspace.up(7, kNow, smallOptions()));
        QVERIFY(workspace.status().running);

        // Nothing was reached through the links.
        for (const QString& name : clusterFiles)
            QCOMPARE(readText(victims.filePath(name)), QStringLiteral("victim\n"));
        const FileState victim = fileState(victimDir);
        QCOMPARE(victim.uid, ::geteuid());
        QCOMPARE(victim.mode, mode_t(0755));
        QCOMPARE(QDir(victimDir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("precious")});
        if (planted.paths.contains(predictable))
            QVERIFY(QFileInfo(predictable).isSymLink());

        // The files the demo wrote are its own regular files, 0600 (the marker: see
        // unixSocketInAPrivateFolder).
        for (const QString& path :
             {stateDir + QStringLiteral("/password"), stateDir + QStringLiteral("/pgpass"),
              stateDir + QStringLiteral("/port"), root + QStringLiteral("/state.json")}) {
            const FileState f = fileState(path);
            QVERIFY2(f.regular && f.mode == 0600 && f.uid == ::geteuid(),
                     qPrintable(QStringLiteral("%1: mode %2").arg(path).arg(f.mode, 0, 8)));
        }

        // PGDATA.
        QString dataDir;
        {
            auto db = PgConnection::open(workspace.positionsConninfo());
            dataDir = db->exec(QStringLiteral("SHOW data_directory")).text(0, 0);
        }
        QString recorded;
        if (runningAsRoot()) {
            recorded = readText(stateDir + QStringLiteral("/private-dir")).trimmed();
            QVERIFY2(QRegularExpression(QStringLiteral("^/var/tmp/tidemark-pg-[A-Za-z0-9]{6}$"))
                         .match(recorded)
                         .hasMatch(),
                     qPrintable(recorded));
            QVERIFY(recorded != predictable);
            QVERIFY2(dataDir.startsWith(recorded + QLatin1Char('/')), qPrintable(dataDir));
            const FileState area = fileState(recorded);
            QVERIFY(area.dir && !area.link);
            QCOMPARE(area.uid, serverUid());
            QCOMPARE(area.mode, mode_t(0700));
        } else {
            QCOMPARE(dataDir, stateDir + QStringLiteral("/pgdata"));
        }
        QCOMPARE(fileState(dataDir).mode, mode_t(0700));
        workspace.down();

        // A state file that is a link is refused, never read or written through.
        const QString state = root + QStringLiteral("/state.json");
        const QString stateText = readText(state);
        QVERIFY(QFile::remove(state));
        QVERIFY(QFile::link(victims.filePath(QStringLiteral("password")), state));
        EXPECT_REFUSED("up with a linked state file", workspace.up(7, kNow, smallOptions()), state);
        QCOMPARE(readText(victims.filePath(QStringLiteral("password"))), QStringLiteral("victim\n"));
        QVERIFY(QFile::remove(state));
        writeText(state, stateText.toUtf8());

        if (runningAsRoot()) {
            const QString record = stateDir + QStringLiteral("/private-dir");
            const passwd* owner = ::getpwuid(serverUid());
            QVERIFY(owner);
            // Someone else's folder of the right name (root's own here, not the server's user's).
            QByteArray other = "/var/tmp/tidemark-pg-XXXXXX";
            QVERIFY(::mkdtemp(other.data()));
            planted.paths << QString::fromLatin1(other);
            // A folder of the server's user that others may enter.
            QByteArray open = "/var/tmp/tidemark-pg-XXXXXX";
            QVERIFY(::mkdtemp(open.data()));
            planted.paths << QString::fromLatin1(open);
            QVERIFY(::chown(open.constData(), owner->pw_uid, owner->pw_gid) == 0);
            QVERIFY(::chmod(open.constData(), 0755) == 0);
            // A link to the real folder.
            const QString link = recorded.left(recorded.size() - 6) + QStringLiteral("LINKED");
            QVERIFY(QFile::link(recorded, link));
            planted.paths << link;
            // A private folder of the server's user that is not the demo's (e.g. a real cluster's).
            const QString outside = victims.filePath(QStringLiteral("main"));
            QVERIFY(QDir().mkpath(outside));
            QVERIFY(::chown(QFile::encodeName(outside).constData(), owner->pw_uid, owner->pw_gid) == 0);
            QVERIFY(::chmod(QFile::encodeName(outside).constData(), 0700) == 0);

            const QByteArray recordText = recorded.toUtf8() + '\n';
            struct Restore { // the true record, whatever happens below, so that the workspace can be purged
                QString path;
                QByteArray text;
                ~Restore() {
                    QFile::remove(path);
                    QFile f(path);
                    if (f.open(QIODevice::WriteOnly))
                        f.write(text);
                }
            } restore{record, recordText};
            for (const QString& bad :
                 {QString::fromLatin1(other), QString::fromLatin1(open), link, outside}) {
                writeText(record, bad.toUtf8() + '\n');
                EXPECT_REFUSED("status", workspace.status(), bad);
                EXPECT_REFUSED("up", workspace.up(7, kNow, smallOptions()), bad);
                EXPECT_REFUSED("down", workspace.down(), bad);
                EXPECT_REFUSED("purge", workspace.purge(), bad);
                QVERIFY(QFileInfo::exists(bad));
            }
            QVERIFY(fileState(recorded).dir);
        }

        workspace.purge();
        QVERIFY(!QFileInfo::exists(root));
        if (!recorded.isEmpty())
            QVERIFY(!QFileInfo::exists(recorded));
        QCOMPARE(QDir(victimDir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                 QStringList{QStringLiteral("precious")});
    }

    // The cluster listens on a Unix socket in a private folder (0700, the server's user's) and on no TCP
    // port unless asked; the connections name that folder. A workspace path too long for a socket path (107
    // bytes) still works: the socket goes into the private folder in /var/tmp.
    void unixSocketInAPrivateFolder() {
        QTemporaryDir tmp;
        QString root = tmp.path();
        while (root.size() < 130)
            root += QStringLiteral("/a-rather-long-folder-name");
        root += QStringLiteral("/demo");
        DemoWorkspace workspace(root);
        PurgeAtEnd purge{workspace};
        CHECK_NO_ERROR(workspace.up(3, kNow, smallOptions()));

        const QString conninfo = workspace.positionsConninfo();
        const QString host = conninfoValue(conninfo, QStringLiteral("host"));
        QVERIFY2(host.startsWith(QLatin1Char('/')), qPrintable(conninfo));
        QCOMPARE(conninfoValue(workspace.kudosConninfo(), QStringLiteral("host")), host);
        const QString port = conninfoValue(conninfo, QStringLiteral("port"));
        const QString socket = host + QStringLiteral("/.s.PGSQL.") + port;
        QVERIFY2(QFile::encodeName(socket).size() <= 107, qPrintable(socket));
        QVERIFY(fileState(socket).socket);
        const FileState socketDir = fileState(host);
        QVERIFY(socketDir.dir && !socketDir.link);
        QCOMPARE(socketDir.uid, serverUid());
        QCOMPARE(socketDir.mode, mode_t(0700));
        {
            auto db = PgConnection::open(conninfo);
            QCOMPARE(db->exec(QStringLiteral("SHOW listen_addresses")).text(0, 0), QString());
            QCOMPARE(db->exec(QStringLiteral("SHOW unix_socket_directories")).text(0, 0), host);
        }
        // The marker, written when up created the folder.
        const FileState marker = fileState(root + QLatin1Char('/') + kMarker);
        QVERIFY(marker.regular);
        QCOMPARE(marker.mode, mode_t(0600));
        QCOMPARE(readText(root + QLatin1Char('/') + kMarker).section(QLatin1Char('\n'), 0, 0),
                 QString::fromLatin1(kMarkerLine));

        // Down: the connections still name the private folder, where nobody else can put a socket.
        workspace.down();
        QCOMPARE(conninfoValue(workspace.positionsConninfo(), QStringLiteral("host")), host);
        QVERIFY(!fileState(socket).exists);
        QCOMPARE(fileState(host).mode, mode_t(0700));

        // TCP on 127.0.0.1 when asked (--port), beside the socket.
        DemoWorkspace::UpOptions options = smallOptions();
        options.port = PgCluster::findFreePort(58000 + (::getpid() % 1000));
        CHECK_NO_ERROR(workspace.up(3, kNow, options));
        QVERIFY(!workspace.lastUpFigures().generated);
        QCOMPARE(conninfoValue(workspace.positionsConninfo(), QStringLiteral("host")), host);
        {
            auto db = PgConnection::open(
                QStringLiteral("host=127.0.0.1 port=%1 dbname=positions user=tidemark passfile='%2'")
                    .arg(options.port)
                    .arg(conninfoValue(conninfo, QStringLiteral("passfile"))));
            QCOMPARE(db->exec(QStringLiteral("SHOW listen_addresses")).text(0, 0),
                     QStringLiteral("127.0.0.1"));
        }
        // … and not again unless asked again.
        workspace.down();
        CHECK_NO_ERROR(workspace.up(3, kNow, smallOptions()));
        QVERIFY(PgCluster::portIsFree(options.port));
        {
            auto db = PgConnection::open(workspace.positionsConninfo());
            QCOMPARE(db->exec(QStringLiteral("SHOW listen_addresses")).text(0, 0), QString());
        }
        workspace.purge();
        QVERIFY(!QFileInfo::exists(root));
        QVERIFY(!QFileInfo::exists(host));
    }
};

QTEST_GUILESS_MAIN(TestDemoWorkspace)
#include "test_demoworkspace.moc"
