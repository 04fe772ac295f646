#pragma once

#include <QString>
#include <QStringList>

namespace tidemark {

// A private PostgreSQL cluster that Tidemark initialises, starts and stops itself: the embedded demo
// workspace and the test fixtures. It authenticates with a generated password kept in a 0600 passfile, and
// runs under an unprivileged owner (postgres, else nobody) even when Tidemark runs as root.
//
// Listening: a TCP cluster (the test fixtures) listens on 127.0.0.1 only. A Unix-socket cluster (the demo)
// listens on a socket in a private folder (0700, the server owner's) and on no TCP port unless start() is
// given one, so no other local user can stand in for it on a port while it is down.
//
// Where the files go: the state folder (stateDir) holds the password, the passfile, the port and the log;
// PGDATA is stateDir/pgdata and the socket folder stateDir/socket. As root (the server's owner cannot enter
// root's folders), or when stateDir/socket is too long for a socket path, they go into a private folder made
// by mkdtemp("/var/tmp/tidemark-pg-XXXXXX") and handed to the owner; its path is recorded in
// stateDir/private-dir, and a recorded folder that is not a 0700 folder of the owner of that very pattern
// (or is a symbolic link) is refused. Nothing follows symbolic links (see privatefiles.h).
class PgCluster {
  public:
    struct Options {
        QString stateDir; // passfile, port file, log; owned by the calling user
        QString dataDir;  // PGDATA; empty = stateDir/pgdata, or data in the private folder (see above)
        QString user = QStringLiteral("tidemark");
        QString database = QStringLiteral("tidemark");
        bool durable = true;     // false: fsync off, for throwaway test clusters
        bool unixSocket = false; // listen on a Unix socket in a private folder (TCP only when asked)
    };

    // The port a Unix-socket cluster without TCP names its socket file by (.s.PGSQL.5432).
    static constexpr int kSocketPort = 5432;
    // The longest Unix socket path (sun_path holds 108 bytes with the terminating zero).
    static constexpr int kMaxSocketPath = 107;
    static constexpr const char* kPrivateDirPattern = "/var/tmp/tidemark-pg-XXXXXX";

    // Reads the recorded private folder, if any; throws Error(Refused) when the record is not acceptable.
    explicit PgCluster(Options options);

    static QString binDir(); // PostgreSQL 15 server binaries; throws when missing
    static bool portIsFree(int port);
    static int findFreePort(int from = 55432);

    bool isInitialized() const;
    void initialize(); // initdb; throws Error naming the folder on failure
    // A TCP cluster: port on 127.0.0.1, 0 = the last port used, else a free one from 55432.
    // A Unix-socket cluster: also TCP on 127.0.0.1:port when port != 0, else the socket only.
    void start(int port = 0);
    void stop();
    bool isRunning() const;
    void removeFiles(); // stop first; deletes PGDATA, the private folder and the state folder's cluster files

    int port() const;    // the port of the last start (a socket cluster's socket file is named by it)
    int tcpPort() const; // the TCP port of the last start, 0 when it listened on the socket only
    QString socketDir() const { return m_socketDir; }   // empty for a TCP cluster
    QString privateDir() const { return m_privateDir; } // the mkdtemp folder, empty when none
    QString conninfo(const QString& database = {}) const;
    QString dataDir() const { return m_options.dataDir; }
    QString logFile() const;

  private:
    QString run(const QString& program, const QStringList& args, bool asOwner, int timeoutMs,
                bool* ok = nullptr, const QStringList& env = {}) const;
    QString ownerName() const;
    QString statePath(const char* name) const;
    void usePrivateDir(const QString& path);
    Options m_options;
    bool m_defaultDataDir = false;
    QString m_privateDir;
    QString m_socketDir;
};

} // namespace tidemark
