#pragma once

#include <QString>
#include <QStringList>

namespace tidemark {

// A private PostgreSQL cluster that Tidemark initialises, starts and stops itself: the embedded demo
// workspace and the test fixtures. It listens on 127.0.0.1 only (no Unix socket), authenticates with a
// generated password kept in a 0600 passfile, and runs under an unprivileged owner (postgres, else nobody)
// even when Tidemark runs as root.
//
// Where the files go: the state folder (stateDir) holds the password, the passfile, the port and the log;
// PGDATA is stateDir/pgdata. As root (the server's owner cannot enter root's folders) PGDATA goes into a
// private folder made by mkdtemp("/var/tmp/tidemark-pg-XXXXXX") and handed to the owner; its path is
// recorded in stateDir/private-dir, and a recorded folder that is not a 0700 folder of the owner of that very
// pattern (or is a symbolic link) is refused. Nothing follows symbolic links (see privatefiles.h).
class PgCluster {
  public:
    struct Options {
        QString stateDir; // passfile, port file, log; owned by the calling user
        QString dataDir;  // PGDATA; empty = stateDir/pgdata, or data in the private folder (see above)
        QString user = QStringLiteral("tidemark");
        QString database = QStringLiteral("tidemark");
        bool durable = true; // false: fsync off, for throwaway test clusters
    };

    static constexpr const char* kPrivateDirPattern = "/var/tmp/tidemark-pg-XXXXXX";

    // Reads the recorded private folder, if any; throws Error(Refused) when the record is not acceptable.
    explicit PgCluster(Options options);

    static QString binDir(); // PostgreSQL 15 server binaries; throws when missing
    static bool portIsFree(int port);
    static int findFreePort(int from = 55432);

    bool isInitialized() const;
    void initialize();        // initdb; throws Error naming the folder on failure
    void start(int port = 0); // 0 = the last port used, else a free one from 55432
    void stop();
    bool isRunning() const;
    void removeFiles(); // stop first; deletes PGDATA, the private folder and the state folder's cluster files

    int port() const;
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
};

} // namespace tidemark
