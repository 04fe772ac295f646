// The PostGIS tracks store on a real hot standby: a streaming replica (pg_basebackup -R, started on its own
// port) of a primary of this test's own (a private cluster: the shared test server holds gigabytes of other
// tests' databases by then) serves tracks query, health, status and the console's view load, shows a track
// imported on the primary once it has streamed, and refuses an import (read-only transactions).
#include "clirunner.h"
#include "schemamigrator.h"
#include "thrownkind.h"
#include "tracksschema.h"

#include "pgcluster.h"
#include "pgconnection.h"
#include "taskfeedback.h"
#include "trackimporter.h"
#include "tracksdatabase.h"
#include "trackshealth.h"
#include "tracksstore.h"
#include "tracksviewloader.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

using namespace tidemark;
using namespace tidemark::tracks;

namespace {

const Micros kNow = parseIsoTimestamp(QStringLiteral("2026-11-30T00:00:00Z"));

std::vector<ImportedTrack> rides(quint32 seed, int count) {
    QRandomGenerator random(seed);
    std::vector<ImportedTrack> out;
    for (int n = 0; n < count; ++n) {
        ImportedTrack t;
        t.sourceId = QStringLiteral("osm");
        t.externalUrl = QStringLiteral("https://osm.example/%1/%2").arg(seed).arg(n);
        t.name = QStringLiteral("ride %1").arg(n);
        t.activityType = QStringLiteral("mtb");
        double lat = 43.5 + random.generateDouble() * 0.1, lon = 39.7 + random.generateDouble() * 0.1;
        for (int i = 0; i < 40; ++i) {
            t.points.push_back({lat, lon});
            lat += (random.generateDouble() - 0.5) * 0.0005;
            lon += (random.generateDouble() - 0.5) * 0.0005;
        }
        out.push_back(t);
    }
    return out;
}

// A hot standby of the server `primary` names: a base backup with its recovery settings (-R), streaming from
// the primary, on its own port of 127.0.0.1; as root, run by postgres as the test server is.
class Standby {
  public:
    explicit Standby(const QString& primary) : m_primary(primary) {
        if (::geteuid() == 0)
            QFile::setPermissions(m_dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                    QFileDevice::ExeOwner | QFileDevice::ExeOther);
        m_data = m_dir.filePath(QStringLiteral("data"));
        m_run = m_dir.filePath(QStringLiteral("run")); // the server's log and passfile: its own folder
        QDir().mkpath(m_run);
        for (const auto& [key, value] : PgConnection::parseConninfo(primary)) {
            if (key == QLatin1String("passfile"))
                m_passfile = value;
            else if (key == QLatin1String("user"))
                m_user = value;
        }
        m_port = PgCluster::findFreePort(57000 + (::getpid() % 2000));
    }
    ~Standby() {
        if (m_started)
            run(QStringLiteral("pg_ctl"),
                {QStringLiteral("-D"), m_data, QStringLiteral("-m"), QStringLiteral("immediate"),
                 QStringLiteral("-w"), QStringLiteral("stop")},
                true);
    }

    bool start(QString* why) {
        if (!run(QStringLiteral("pg_basebackup"),
                 {QStringLiteral("-d"), m_primary, QStringLiteral("-D"), m_data, QStringLiteral("-R"),
                  QStringLiteral("-X"), QStringLiteral("stream"), QStringLiteral("-c"),
                  QStringLiteral("fast")},
                 false, why))
            return false;
        QString pass;
        if (!m_passfile.isEmpty()) {
            // The standby's own copy, readable by its server, for any port (the standby's too).
            pass = QDir(m_run).filePath(QStringLiteral("pgpass"));
            QFile in(m_passfile), out(pass);
            if (!in.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly))
                return false;
            for (const QByteArray& line : in.readAll().split('\n')) {
                QList<QByteArray> fields = line.split(':');
                if (fields.size() == 5)
                    fields[1] = "*";
                out.write(fields.join(':') + '\n');
            }
            out.close();
            QFile::setPermissions(pass, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
            m_standbyPassfile = pass;
        }
        QFile conf(QDir(m_data).filePath(QStringLiteral("postgresql.auto.conf")));
        if (!conf.open(QIODevice::Append))
            return false;
        QString primaryConninfo;
        for (const auto& [key, value] : PgConnection::parseConninfo(m_primary))
            if (key != QLatin1String("dbname") && key != QLatin1String("passfile"))
                primaryConninfo += QStringLiteral("%1=%2 ").arg(key, value);
        if (!pass.isEmpty())
            primaryConninfo += QStringLiteral("passfile=%1").arg(pass);
        conf.write(QStringLiteral("port = %1\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n"
                                  "hot_standby = on\nprimary_conninfo = '%2'\n")
                       .arg(m_port)
                       .arg(primaryConninfo)
                       .toUtf8());
        conf.close();
        if (::geteuid() == 0) {
            for (const QString& path : {m_data, m_run})
                if (!path.isEmpty() &&
                    QProcess::execute(QStringLiteral("chown"),
                                      {QStringLiteral("-R"), QStringLiteral("postgres"), path}) != 0)
                    return false;
        }
        QFile::setPermissions(m_data,
                              QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        m_started = run(QStringLiteral("pg_ctl"),
                        {QStringLiteral("-D"), m_data, QStringLiteral("-l"),
                         QDir(m_run).filePath(QStringLiteral("log")), QStringLiteral("-w"),
                         QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("start")},
                        true, why);
        if (::geteuid() == 0)
            QFile::setPermissions(m_dir.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                    QFileDevice::ExeOwner | QFileDevice::ExeOther);
        return m_started;
    }

    QString conninfo(const QString& database) const {
        QString c = QStringLiteral("host=127.0.0.1 port=%1 dbname=%2").arg(m_port).arg(database);
        if (!m_user.isEmpty())
            c += QStringLiteral(" user=") + m_user;
        if (!m_standbyPassfile.isEmpty())
            c += QStringLiteral(" passfile=") + m_standbyPassfile;
        return c;
    }
    QString log() const {
        QFile f(QDir(m_run).filePath(QStringLiteral("log")));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).right(2000) : QString();
    }

  private:
    bool run(const QString& program, QStringList args, bool asServer, QString* why = nullptr) const {
        QString exe = QDir(PgCluster::binDir()).filePath(program);
        if (asServer && ::geteuid() == 0) {
            args.prepend(exe);
            args = QStringList{QStringLiteral("-u"), QStringLiteral("postgres"), QStringLiteral("--")} + args;
            exe = QStringLiteral("runuser");
        }
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.setWorkingDirectory(QDir::tempPath());
        p.start(exe, args);
        const bool ok =
            p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
        if (!ok && why)
            *why = program + QStringLiteral(": ") + QString::fromLocal8Bit(p.readAll());
        return ok;
    }

    QString m_primary;
    QTemporaryDir m_dir{QDir::tempPath() + QStringLiteral("/tidemark-standby-XXXXXX")};
    QString m_data;
    QString m_run;
    QString m_passfile;
    QString m_standbyPassfile;
    QString m_user;
    int m_port = 0;
    bool m_started = false;
};

QStringList rowsOf(TracksDatabase& db) {
    TracksQuery all;
    all.box = {-180, -90, 180, 90};
    QStringList out;
    for (const TrackRow& t : TracksStore(db).tracksInBox(all).tracks)
        out << QStringLiteral("%1 %2 %3 %4")
                   .arg(t.id)
                   .arg(t.name, t.createdAt)
                   .arg(t.lengthMetres, 0, 'g', 17);
    return out;
}

} // namespace

class TracksStandbyTest : public QObject {
    Q_OBJECT

  private slots:
    void aHotStandbyServesTheReadsAndRefusesWrites() {
        QTemporaryDir state(QDir::tempPath() + QStringLiteral("/tidemark-primary-XXXXXX"));
        if (::geteuid() == 0) // the server's owner must be able to enter the folder
            QFile::setPermissions(state.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                    QFileDevice::ExeOwner | QFileDevice::ExeOther);
        PgCluster::Options options;
        options.stateDir = state.path();
        options.dataDir = state.path() + QStringLiteral("/pgdata");
        options.database = QStringLiteral("postgres");
        options.durable = false;
        PgCluster cluster(options);
        cluster.initialize();
        cluster.start(PgCluster::findFreePort(58000 + (::getpid() % 2000)));
        struct RemovedAtEnd { // also when a check fails half-way (the standby, declared later, stops first)
            PgCluster& cluster;
            ~RemovedAtEnd() {
                try {
                    cluster.removeFiles();
                } catch (...) {
                }
            }
        } removed{cluster};
        const QString database = QStringLiteral("ts_standby");
        PgConnection::open(cluster.conninfo(QStringLiteral("postgres")))
            ->exec(QStringLiteral("CREATE DATABASE ts_standby"));
        const QString primary = cluster.conninfo(database);
        {
            auto db = PgConnection::open(primary);
            db->exec(QStringLiteral("CREATE EXTENSION postgis"));
            SchemaMigrator(*db, tracksPostgisSchema()).migrate();
        }
        {
            auto db = TracksDatabase::open(TracksLocation::postgis(primary));
            TrackImporter(*db, TrackSourceList::demo(), kNow)
                .importBatch(QStringLiteral("r"), QStringLiteral("osm"), rides(1, 20));
        }
        Standby standby(cluster.conninfo(QStringLiteral("postgres")));
        QString why;
        QVERIFY2(standby.start(&why), qPrintable(why + standby.log()));
        const QString replica = standby.conninfo(database);
        QVERIFY(PgConnection::open(replica)->exec(QStringLiteral("SELECT pg_is_in_recovery()")).toBool(0, 0));

        auto onPrimary = TracksDatabase::open(TracksLocation::postgis(primary));
        auto onStandby =
            TracksDatabase::open(TracksLocation::postgis(replica), TracksDatabase::Access::ReadOnly);
        QCOMPARE(rowsOf(*onStandby), rowsOf(*onPrimary));
        QCOMPARE(TracksHealth(*onStandby).read().tracks, 20);
        TracksView view;
        view.box = {39.6, 43.4, 39.9, 43.7};
        view.zoom = 12;
        TaskFeedback feedback;
        const TracksViewData data =
            TracksViewLoader(TracksLocation::postgis(replica)).load(view, true, feedback);
        QCOMPARE(data.page.matching, 20);
        QVERIFY(data.file && data.file->extent.tracks == 20);

        // A track imported on the primary streams to the standby.
        TrackImporter(*onPrimary, TrackSourceList::demo(), kNow)
            .importBatch(QStringLiteral("r"), QStringLiteral("osm"), rides(2, 1));
        QTRY_COMPARE_WITH_TIMEOUT(TracksStore(*onStandby).count(), 21, 30000);

        // The CLI on the standby: the same query output as on the primary; health and status work.
        const QStringList query{QStringLiteral("tracks"), QStringLiteral("query"), QStringLiteral("--bbox"),
                                QStringLiteral("39,43,41,45")};
        const test::CliRun fromPrimary = test::runCli(query + QStringList{QStringLiteral("--db"), primary});
        const test::CliRun fromStandby = test::runCli(query + QStringList{QStringLiteral("--db"), replica});
        QCOMPARE(fromStandby.exitCode, 0);
        QCOMPARE(fromStandby.out, fromPrimary.out);
        QCOMPARE(fromStandby.out.count(QLatin1Char('\n')), 21);
        for (const char* command : {"health", "status"}) {
            const test::CliRun run = test::runCli(
                {QStringLiteral("tracks"), QLatin1String(command), QStringLiteral("--db"), replica});
            QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        }
        // A write is refused by the standby, and nothing changes.
        const test::CliRun import =
            test::runCli({QStringLiteral("tracks"), QStringLiteral("import"), QStringLiteral("--db"), replica,
                          QStringLiteral("--source"), QStringLiteral("osm"),
                          QStringLiteral(TIDEMARK_SOURCE_DIR "/tests/data/gpx/Mojstrovka.gpx")});
        QVERIFY(import.exitCode != 0);
        QVERIFY2((import.out + import.err).contains(QLatin1String("read-only")),
                 qPrintable(import.out + import.err));
        QCOMPARE(TracksStore(*onPrimary).count(), 21);
    }
};

QTEST_GUILESS_MAIN(TracksStandbyTest)
#include "test_tracksstandby.moc"
