#include "demoworkspace.h"

#include "deferredindexes.h"
#include "demokudosloader.h"
#include "demopositionsloader.h"
#include "partitionswap.h"
#include "tracksgenerator.h"

#include "archiveinitjob.h"
#include "error.h"
#include "kudosarchivelayout.h"
#include "kudosschema.h"
#include "pgcluster.h"
#include "pgconnection.h"
#include "positionsschema.h"
#include "privatefiles.h"
#include "schemamigrator.h"
#include "spatialitedatabase.h"
#include "taskfeedback.h"
#include "tracksmigrator.h"
#include "tracksstore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <future>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace tidemark::demo {

namespace {

// Bumped whenever the generators or the schema the demo is loaded into change: a workspace of another
// version is generated afresh. 2: the kudos retention migrations and the partition swap. 3: the tracks
// file's density overview. 4: its overview per activity.
constexpr int kDataVersion = 4;
const QString kPositionsDb = QStringLiteral("positions");
const QString kKudosDb = QStringLiteral("kudos");

PgCluster::Options clusterOptions(const QString& stateDir) {
    PgCluster::Options o;
    o.stateDir = stateDir;
    o.database = QStringLiteral("postgres"); // the demo's databases are created by name below
    o.unixSocket = true;                     // TCP only when up is given a port
    return o;
}

void report(TaskFeedback& feedback, double fraction, const QString& message) {
    feedback.reportProgress(fraction, message);
}

void removeSqliteFile(const QString& path) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
}

// The archive's marker, written as `tidemark-cli archive init` writes it (with the kudos database's clock
// and name); nothing when it is there. A workspace an earlier Tidemark made has none: its archive holds only
// the demo's own objects, which are verified and adopted.
void initialiseArchive(const QString& url, const QString& kudosConninfo, TaskFeedback& feedback) {
    archive::ArchiveInitRequest request;
    request.archiveUrl = url;
    request.layout = kudos::kudosArchiveLayout();
    request.conninfo = kudosConninfo;
    const archive::ArchiveInitReport report = archive::ArchiveInitJob::run(request, feedback);
    if (report.cancelled)
        throw Error(Error::Kind::Cancelled, QStringLiteral("the demo archive's init was cancelled"));
    if (report.refused())
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("%1; tidemark-cli demo down --purge, then demo up, makes a new demo workspace")
                .arg(report.refusal()));
}

} // namespace

QString DemoWorkspace::defaultRoot(const QString& configured) {
    if (!configured.isEmpty())
        return configured;
    // ~/.local/share/Tidemark/demo for the console and the CLI alike (AppDataLocation would add the
    // organisation and the application name, both "Tidemark").
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/Tidemark/demo");
}

DemoWorkspace::DemoWorkspace(QString root) : m_root(QDir(root).absolutePath()) {}

QString DemoWorkspace::statePath() const {
    return QDir(m_root).filePath(QStringLiteral("state.json"));
}
QString DemoWorkspace::markerPath() const {
    return QDir(m_root).filePath(QLatin1String(kMarkerFile));
}

DemoWorkspace::Folder DemoWorkspace::inspect() const {
    struct stat st {};
    if (::stat(QFile::encodeName(m_root).constData(), &st) != 0) {
        if (errno == ENOENT || errno == ENOTDIR)
            return Folder::Absent;
        throw Error(Error::Kind::Failed, QStringLiteral("cannot read the demo data folder %1: %2")
                                             .arg(m_root, QString::fromLocal8Bit(std::strerror(errno))));
    }
    if (!S_ISDIR(st.st_mode))
        throw Error(Error::Kind::Refused,
                    QStringLiteral("refusing to use %1 as the demo data folder: it is a file, not a folder")
                        .arg(m_root));
    const QDir dir(m_root);
    if (!dir.isReadable())
        throw Error(Error::Kind::Failed, QStringLiteral("cannot read the demo data folder %1").arg(m_root));
    const QStringList entries =
        dir.entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    if (entries.isEmpty())
        return Folder::Empty;
    if (entries.contains(QLatin1String(kMarkerFile))) {
        std::optional<QByteArray> marker;
        try {
            marker = privatefiles::read(markerPath());
        } catch (const Error&) { // a link or not a file: not this folder's own marker
        }
        if (marker && marker->split('\n').first() == kMarkerLine)
            return Folder::Demo;
    }
    throw Error(Error::Kind::Refused,
                QStringLiteral("refusing to touch %1: the folder is not empty and is not a Tidemark demo "
                               "workspace (it has no %2 marker); choose an empty or a new folder")
                    .arg(m_root, QLatin1String(kMarkerFile)));
}
QString DemoWorkspace::clusterStateDir() const {
    return QDir(m_root).filePath(QStringLiteral("cluster"));
}
QString DemoWorkspace::tracksPath() const {
    return QDir(m_root).filePath(QStringLiteral("gps_tracks.sqlite"));
}
QString DemoWorkspace::archiveUrl() const {
    return QStringLiteral("file://") + QDir(m_root).filePath(QStringLiteral("archive"));
}
QString DemoWorkspace::positionsConninfo() const {
    return PgCluster(clusterOptions(clusterStateDir())).conninfo(kPositionsDb);
}
QString DemoWorkspace::kudosConninfo() const {
    return PgCluster(clusterOptions(clusterStateDir())).conninfo(kKudosDb);
}

int DemoWorkspace::storedDataVersion() const {
    const std::optional<QByteArray> state = privatefiles::read(statePath());
    if (!state)
        return 0;
    return QJsonDocument::fromJson(*state).object().value(QStringLiteral("data_version")).toInt();
}

void DemoWorkspace::up(quint64 seed, Micros now) {
    up(seed, now, UpOptions());
}

void DemoWorkspace::up(quint64 seed, Micros now, const UpOptions& options) {
    TaskFeedback withoutOperator;
    up(seed, now, options, withoutOperator);
}

void DemoWorkspace::up(quint64 seed, Micros now, const UpOptions& options, TaskFeedback& feedback) {
    QElapsedTimer total;
    total.start();
    m_figures = {};
    const Folder folder = inspect();

    // Take the folder: create it (0700) when absent, mark it when it is new or empty.
    bool createdRoot = false;
    bool createdMarker = false;
    if (folder == Folder::Absent) {
        if (!QDir().mkpath(QFileInfo(m_root).path()) ||
            ::mkdir(QFile::encodeName(m_root).constData(), 0700) != 0)
            throw Error(Error::Kind::Failed,
                        QStringLiteral("demo data folder %1 cannot be created").arg(m_root));
        createdRoot = true;
    }
    if (folder != Folder::Demo) {
        try {
            privatefiles::createExclusive(markerPath(), QByteArray(kMarkerLine) + '\n');
        } catch (const Error& e) {
            if (createdRoot)
                ::rmdir(QFile::encodeName(m_root).constData());
            throw Error(Error::Kind::Failed,
                        QStringLiteral("demo data folder %1 is not writable: %2").arg(m_root, e.message()));
        }
        createdMarker = true;
    } else if (::access(QFile::encodeName(m_root).constData(), W_OK | X_OK) != 0) {
        throw Error(Error::Kind::Failed, QStringLiteral("demo data folder %1 is not writable").arg(m_root));
    }
    // Gives the folder back as it was (a failure before anything else was made).
    auto releaseFolder = [&] {
        try {
            if (createdRoot)
                privatefiles::removeTree(m_root);
            else if (createdMarker)
                privatefiles::remove(markerPath());
        } catch (...) {
        }
    };

    std::optional<PgCluster> cluster;
    int storedVersion = 0;
    try {
        cluster.emplace(clusterOptions(clusterStateDir()));
        storedVersion = storedDataVersion();
    } catch (...) {
        releaseFolder();
        throw;
    }
    if (storedVersion == kDataVersion && cluster->isInitialized()) {
        if (cluster->isRunning()) {
            if (options.port != 0 && cluster->tcpPort() != options.port)
                throw Error(
                    Error::Kind::Failed,
                    QStringLiteral("the demo cluster of %1 is running already%2; stop it (tidemark-cli demo "
                                   "down) to start it with TCP on port %3")
                        .arg(m_root, cluster->tcpPort()
                                         ? QStringLiteral(" on TCP port %1").arg(cluster->tcpPort())
                                         : QStringLiteral(" on its Unix socket only"))
                        .arg(options.port));
            initialiseArchive(archiveUrl(), kudosConninfo(), feedback);
            return;
        }
        if (options.port != 0 && !PgCluster::portIsFree(options.port))
            throw Error(Error::Kind::Connection,
                        QStringLiteral("port %1 on 127.0.0.1 is in use (demo workspace %2)")
                            .arg(options.port)
                            .arg(m_root));
        report(feedback, 0.5, QStringLiteral("starting the demo cluster"));
        cluster->start(options.port);
        initialiseArchive(archiveUrl(), kudosConninfo(), feedback);
        m_figures.totalSeconds = total.elapsed() / 1000.0;
        return;
    }

    // A fresh workspace. Check what can be checked before creating anything.
    try {
        PgCluster::binDir();
        if (options.port != 0 && !PgCluster::portIsFree(options.port))
            throw Error(Error::Kind::Connection,
                        QStringLiteral("port %1 on 127.0.0.1 is in use (demo workspace %2)")
                            .arg(options.port)
                            .arg(m_root));
    } catch (...) {
        releaseFolder();
        throw;
    }
    const QString archive = QDir(m_root).filePath(QStringLiteral("archive"));
    const bool archiveExisted = QFileInfo::exists(archive);
    const bool clusterDirExisted = QFileInfo::exists(clusterStateDir());
    try {
        cluster->removeFiles(); // the leftovers of an interrupted up, if any
        report(feedback, 0.01, QStringLiteral("initialising the demo cluster"));
        cluster->initialize();
        cluster->start(options.port);
        generate(seed, now, options, feedback);
    } catch (...) {
        try {
            cluster->removeFiles();
        } catch (...) {
        }
        try {
            removeSqliteFile(tracksPath());
            privatefiles::remove(statePath());
            if (!archiveExisted)
                privatefiles::removeTree(archive);
            if (!clusterDirExisted)
                privatefiles::removeTree(clusterStateDir());
        } catch (...) {
        }
        releaseFolder();
        throw;
    }
    m_figures.totalSeconds = total.elapsed() / 1000.0;
    report(feedback, 1.0, QStringLiteral("demo workspace ready"));
}

void DemoWorkspace::generate(quint64 seed, Micros now, const UpOptions& options, TaskFeedback& feedback) {
    m_figures.generated = true;
    PgCluster cluster(clusterOptions(clusterStateDir()));
    {
        auto admin =
            PgConnection::open(cluster.conninfo(QStringLiteral("postgres")), QStringLiteral("tidemark-demo"));
        for (const QString& name : {kPositionsDb, kKudosDb}) {
            admin->exec(QStringLiteral("DROP DATABASE IF EXISTS %1").arg(pgQuoteIdentifier(name)));
            admin->exec(QStringLiteral("CREATE DATABASE %1").arg(pgQuoteIdentifier(name)));
        }
    }
    initialiseArchive(archiveUrl(), cluster.conninfo(kKudosDb), feedback);
    // The tracks import works on this process's CPU while the server works on the COPYs: run it beside them.
    TaskFeedback tracksControl;
    auto tracksDone =
        std::async(std::launch::async, [&] { importTracks(seed, now, options, tracksControl); });
    auto waitForTracks = [&] {
        while (tracksDone.wait_for(std::chrono::milliseconds(200)) != std::future_status::ready)
            if (feedback.isCancelled())
                tracksControl.cancel();
        tracksDone.get(); // rethrows the import's error
    };
    try {
        loadPostgres(seed, now, options, feedback);
    } catch (...) {
        tracksControl.cancel();
        tracksDone.wait();
        throw;
    }
    report(feedback, 0.9, QStringLiteral("tracks: importing"));
    waitForTracks();

    // Written last: its presence means the data is complete.
    const QJsonObject state{{QStringLiteral("data_version"), kDataVersion},
                            {QStringLiteral("seed"), QString::number(seed)},
                            {QStringLiteral("now"), formatIsoTimestamp(now)},
                            {QStringLiteral("mowers"), options.mowers},
                            {QStringLiteral("position_days"), options.positionDays},
                            {QStringLiteral("kudos_weeks"), options.kudosWeeks},
                            {QStringLiteral("tracks"), options.tracks},
                            {QStringLiteral("created_at"), formatIsoTimestamp(nowMicros())}};
    privatefiles::replace(statePath(), QJsonDocument(state).toJson());
}

void DemoWorkspace::loadPostgres(quint64 seed, Micros now, const UpOptions& options, TaskFeedback& feedback) {
    PgCluster cluster(clusterOptions(clusterStateDir()));
    QElapsedTimer timer;
    timer.start();
    {
        report(feedback, 0.04, QStringLiteral("positions: migrating"));
        auto db = PgConnection::open(cluster.conninfo(kPositionsDb), QStringLiteral("tidemark-demo-load"));
        SchemaMigrator(*db, positions::positionsSchema()).migrate();
        PositionsGeneratorOptions generatorOptions;
        generatorOptions.seed = seed;
        generatorOptions.mowers = options.mowers;
        generatorOptions.days = options.positionDays;
        generatorOptions.end = now;
        DeferredIndexes indexes(*db, {QStringLiteral("mower_positions")});
        DemoPositionsLoader loader(*db, generatorOptions);
        m_figures.positionRows = loader.load(feedback);
        report(feedback, 0.6, QStringLiteral("positions: building indexes"));
        indexes.restore();
        db->execScript(QStringLiteral("ANALYZE"));
    }
    m_figures.positionsSeconds = timer.restart() / 1000.0;
    {
        report(feedback, 0.66, QStringLiteral("kudos: migrating and loading"));
        auto db = PgConnection::open(cluster.conninfo(kKudosDb), QStringLiteral("tidemark-demo-load"));
        SchemaMigrator(*db, kudos::kudosSchema()).migrate();
        KudosGeneratorOptions generatorOptions;
        generatorOptions.seed = seed;
        generatorOptions.weeks = options.kudosWeeks;
        generatorOptions.end = now;
        DeferredIndexes indexes(*db, {QStringLiteral("kudos_ledger"), QStringLiteral("kudos_stat_events")});
        m_figures.kudosRows = DemoKudosLoader(cluster.conninfo(kKudosDb), generatorOptions).load(feedback);
        indexes.restore();
        db->execScript(QStringLiteral("ANALYZE"));
        // The workspace opens after the partition swap, with the first partition's old weeks eligible. Its
        // boundary must lie ahead of the server's clock, also when the demo's `now` is a past day.
        report(feedback, 0.7, QStringLiteral("kudos: partition swap"));
        kudos::PartitionSwap swap(*db, kudos::KudosSettings{});
        swap.run(swap.plan(std::max(now, nowMicros())));
    }
    m_figures.kudosSeconds = timer.restart() / 1000.0;
}

void DemoWorkspace::importTracks(quint64 seed, Micros now, const UpOptions& options, TaskFeedback& feedback) {
    QElapsedTimer timer;
    timer.start();
    removeSqliteFile(tracksPath());
    auto db =
        tracks::SpatialiteDatabase::open(tracksPath(), tracks::SpatialiteDatabase::Mode::CreateIfMissing);
    tracks::TracksMigrator(*db).migrate();
    TracksGeneratorOptions generatorOptions;
    generatorOptions.seed = seed;
    generatorOptions.tracks = options.tracks;
    generatorOptions.end = now;
    TracksGenerator(generatorOptions).importInto(*db, feedback);
    m_figures.tracks = tracks::TracksStore(*db).count();
    m_figures.tracksSeconds = timer.elapsed() / 1000.0;
}

DemoWorkspace::Status DemoWorkspace::status() const {
    Status s;
    s.root = m_root;
    s.tracksPath = tracksPath();
    s.archiveUrl = archiveUrl();
    if (inspect() != Folder::Demo)
        return s;
    if (const std::optional<QByteArray> stateText = privatefiles::read(statePath())) {
        const QJsonObject state = QJsonDocument::fromJson(*stateText).object();
        s.initialized = true;
        s.seed = state.value(QStringLiteral("seed")).toString().toULongLong();
        tryParseIsoTimestamp(state.value(QStringLiteral("now")).toString(), &s.now);
    }
    PgCluster cluster(clusterOptions(clusterStateDir()));
    s.running = cluster.isInitialized() && cluster.isRunning();
    s.port = cluster.port();
    s.tcpPort = s.running ? cluster.tcpPort() : 0;
    s.socketDir = cluster.socketDir();
    s.dataDir = cluster.dataDir();
    s.positionsConninfo = cluster.conninfo(kPositionsDb);
    s.kudosConninfo = cluster.conninfo(kKudosDb);
    if (s.running) {
        for (const QString& dataset : {kPositionsDb, kKudosDb}) {
            std::unique_ptr<PgConnection> db;
            try {
                db = PgConnection::open(cluster.conninfo(dataset), QStringLiteral("tidemark-demo-status"));
            } catch (const Error&) {
                continue; // not created yet (an up in progress): no counts for it
            }
            PgResult tables = db->exec(QStringLiteral(
                "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                " WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition"
                " AND c.relname <> 'tidemark_schema_migrations' ORDER BY c.relname"));
            for (int i = 0; i < tables.rows(); ++i) {
                const QString table = tables.text(i, 0);
                const qint64 rows =
                    db->exec(QStringLiteral("SELECT count(*) FROM %1").arg(pgQuoteIdentifier(table)))
                        .toLong(0, 0);
                s.counts.push_back({dataset, table, rows});
            }
        }
    }
    if (QFileInfo(tracksPath()).isFile()) {
        auto db = tracks::SpatialiteDatabase::open(tracksPath());
        for (const QString& table : {QStringLiteral("tracks"), QStringLiteral("pipeline_runs")})
            if (db->hasTable(table))
                s.counts.push_back({QStringLiteral("tracks"), table,
                                    db->scalar(QStringLiteral("SELECT count(*) FROM ") + table)});
    }
    return s;
}

void DemoWorkspace::down() {
    if (inspect() != Folder::Demo)
        return; // absent or empty: nothing runs there
    PgCluster(clusterOptions(clusterStateDir())).stop();
}

void DemoWorkspace::purge() {
    if (inspect() != Folder::Demo)
        return; // absent or empty: nothing of the demo's is there
    PgCluster cluster(clusterOptions(clusterStateDir()));
    cluster.removeFiles();
    removeSqliteFile(tracksPath());
    privatefiles::remove(statePath());
    privatefiles::removeTree(QDir(m_root).filePath(QStringLiteral("archive")));
    privatefiles::removeTree(clusterStateDir());
    // The folder goes too when nothing but the marker is left in it (else it stays a demo workspace).
    const QStringList left =
        QDir(m_root).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    if (left == QStringList{QLatin1String(kMarkerFile)}) {
        privatefiles::remove(markerPath());
        ::rmdir(QFile::encodeName(m_root).constData());
    }
}

} // namespace tidemark::demo
