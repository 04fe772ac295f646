#pragma once

#include <QString>
#include <QStringList>

namespace tidemark {

// A private PostgreSQL cluster that Tidemark initialises, starts and stops itself: the embedded demo
// workspace and the test fixtures. It listens on 127.0.0.1 only (no Unix socket), authenticates with a
// generated password kept in a 0600 passfile, and runs under an unprivileged owner even when Tidemark runs as
// root.
class PgCluster {
  public:
    struct Options {
        QString stateDir; // passfile, port file, log; owned by the calling user
        QString dataDir;  // PGDATA; empty = defaultDataDir(stateDir)
        QString user = QStringLiteral("tidemark");
        QString database = QStringLiteral("tidemark");
        bool durable = true; // false: fsync off, for throwaway test clusters
    };

    explicit PgCluster(Options options);

    static QString binDir(); // PostgreSQL 15 server binaries; throws when missing
    static QString defaultDataDir(const QString& stateDir);
    static bool portIsFree(int port);
    static int findFreePort(int from = 55432);

    bool isInitialized() const;
    void initialize();        // initdb; throws Error naming the folder on failure
    void start(int port = 0); // 0 = the last port used, else a free one from 55432
    void stop();
    bool isRunning() const;
    void removeFiles(); // stop first; deletes PGDATA and the state folder's cluster files

    int port() const;
    QString conninfo(const QString& database = {}) const;
    QString dataDir() const { return m_options.dataDir; }
    QString logFile() const;

  private:
    QString run(const QString& program, const QStringList& args, bool asOwner, int timeoutMs,
                bool* ok = nullptr) const;
    QString ownerName() const;
    Options m_options;
};

} // namespace tidemark
