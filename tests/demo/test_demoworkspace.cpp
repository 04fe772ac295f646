#include "demoworkspace.h"
#include "positionsgenerator.h"

#include "error.h"
#include "pgcluster.h"
#include "pgconnection.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
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
} // namespace

class TestDemoWorkspace : public QObject {
    Q_OBJECT

  private slots:
    // The README's folder: ~/.local/share/Tidemark/demo (XDG data home), unless TIDEMARK_DEMO_DIR says else.
    void defaultRootIsTheDocumentedFolder() {
        const QByteArray saved = qgetenv("TIDEMARK_DEMO_DIR");
        const QByteArray savedXdg = qgetenv("XDG_DATA_HOME");
        qunsetenv("TIDEMARK_DEMO_DIR");
        qputenv("XDG_DATA_HOME", "/tmp/tidemark-xdg-data");
        QCOMPARE(DemoWorkspace::defaultRoot(), QStringLiteral("/tmp/tidemark-xdg-data/Tidemark/demo"));
        qputenv("TIDEMARK_DEMO_DIR", "/srv/demo");
        QCOMPARE(DemoWorkspace::defaultRoot(), QStringLiteral("/srv/demo"));
        saved.isNull() ? qunsetenv("TIDEMARK_DEMO_DIR") : qputenv("TIDEMARK_DEMO_DIR", saved);
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
            QCOMPARE(kudos
                         ->exec(QStringLiteral(
                             "SELECT count(*) FROM pg_indexes WHERE tablename = 'kudos_stat_events'"))
                         .toLong(0, 0),
                     7LL);
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
        workspace.down();
        s = workspace.status();
        QVERIFY(s.initialized && !s.running);
        QVERIFY(s.counts.size() == 2); // only the tracks file is readable while down
        workspace.up(42, kNow, smallOptions());
        QVERIFY(!workspace.lastUpFigures().generated);
        QVERIFY(workspace.status().running);
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
        DemoWorkspace workspace(root);
        QVERIFY_THROWS_EXCEPTION(Error, workspace.up(1, kNow, smallOptions()));
        const QStringList left = QDir(root).entryList(QDir::NoDotAndDotDot | QDir::AllEntries);
        QCOMPARE(left, QStringList{QStringLiteral("gps_tracks.sqlite")}); // only what was there before
        PgCluster::Options o;
        o.stateDir = root + QStringLiteral("/cluster");
        QVERIFY(!PgCluster(o).isInitialized()); // PGDATA removed, so nothing can be running
        QVERIFY(!workspace.status().running);
    }
};

QTEST_GUILESS_MAIN(TestDemoWorkspace)
#include "test_demoworkspace.moc"
