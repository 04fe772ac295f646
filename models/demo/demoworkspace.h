#pragma once

#include "timestamp.h"

#include <QString>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::demo {

// The embedded demo workspace: a private PostgreSQL cluster (databases `positions` and `kudos`), a local
// archive folder and a demo gps_tracks.sqlite under one root folder, filled by the deterministic generators.
//
//   root/.tidemark-demo       the marker: its first line is kMarkerLine (written when up takes the folder)
//   root/state.json           seed, now, sizes (written once the data is complete)
//   root/cluster/             the cluster's state (password, pgpass, port, private-dir, log); PGDATA and the
//                             socket folder in it, or (as root, or for a long path) in a private folder
//                             /var/tmp/tidemark-pg-XXXXXX made by mkdtemp and recorded in cluster/private-dir
//   root/archive/             the archive (file://root/archive), initialised as `archive init` does (its
//                             tidemark-archive.json; an older workspace's archive gets it at the next up)
//   root/gps_tracks.sqlite    the tracks
//
// The cluster listens on a Unix socket in its private socket folder only (TCP on 127.0.0.1 when up is given
// a port). up, status, down and purge work only on a folder that is absent, empty or carries the marker;
// any other folder is refused with Error::Kind::Refused naming it, and nothing in it is touched.
class DemoWorkspace {
  public:
    static constexpr const char* kMarkerFile = ".tidemark-demo";
    static constexpr const char* kMarkerLine =
        "Tidemark demo workspace: tidemark-cli demo down --purge deletes this folder.";

    struct TableCount {
        QString dataset; // positions | kudos | tracks
        QString table;
        qint64 rows = 0;
    };
    struct Status {
        bool initialized = false; // the data was generated (state file present)
        bool running = false;     // the cluster is running
        int port = 0;             // names the socket file (.s.PGSQL.<port>); the TCP port too when tcpPort
        int tcpPort = 0;          // TCP on 127.0.0.1 (while running), 0 = the Unix socket only
        QString socketDir;        // the private folder of the cluster's Unix socket
        QString dataDir;          // PGDATA
        quint64 seed = 0;
        Micros now = 0;
        QString root;
        QString positionsConninfo;
        QString kudosConninfo;
        QString tracksPath;
        QString archiveUrl;
        std::vector<TableCount> counts; // empty when not running
    };
    struct UpOptions {
        int port = 0; // also listen on TCP 127.0.0.1:port; 0 = on the Unix socket only
        // The size of the generated data (the defaults are the demo's; tests use less).
        int mowers = 8;
        int positionDays = 120;
        int kudosWeeks = 20;
        int tracks = 2000;
    };
    // What the last `up` that generated data did, for the report (zero when it only started the cluster).
    struct UpFigures {
        bool generated = false;
        qint64 positionRows = 0;
        qint64 kudosRows = 0;
        qint64 tracks = 0;
        double positionsSeconds = 0; // generation + COPY
        double kudosSeconds = 0;
        double tracksSeconds = 0;
        double totalSeconds = 0;
    };

    // `configured` (the TIDEMARK_DEMO_DIR setting) if set, else ~/.local/share/Tidemark/demo.
    static QString defaultRoot(const QString& configured = {});

    explicit DemoWorkspace(QString root);

    // Creates and fills the workspace, or (already up with data) just makes sure the cluster runs.
    // A failure removes what this call created and stops the cluster it started; throws tidemark::Error.
    void up(quint64 seed, Micros now, const UpOptions& options, TaskFeedback& feedback);
    void up(quint64 seed, Micros now, const UpOptions& options); // without an operator (tests)
    void up(quint64 seed, Micros now);
    const UpFigures& lastUpFigures() const { return m_figures; }
    Status status() const;
    void down();  // stops the cluster; nothing keeps running
    void purge(); // down, then removes every file of the workspace

    QString root() const { return m_root; }
    QString positionsConninfo() const;
    QString kudosConninfo() const;
    QString tracksPath() const;
    QString archiveUrl() const;

  private:
    enum class Folder { Absent, Empty, Demo };
    Folder inspect() const; // refuses (Error::Kind::Refused) a folder that is not the demo's
    QString statePath() const;
    QString markerPath() const;
    int storedDataVersion() const; // 0 without a state file
    QString clusterStateDir() const;
    void generate(quint64 seed, Micros now, const UpOptions& options, TaskFeedback& feedback);
    void loadPostgres(quint64 seed, Micros now, const UpOptions& options, TaskFeedback& feedback);
    void importTracks(quint64 seed, Micros now, const UpOptions& options,
                      TaskFeedback& feedback); // another thread
    QString m_root;
    UpFigures m_figures;
};

} // namespace tidemark::demo
