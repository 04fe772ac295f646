#include "pgcluster.h"

#include "error.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

namespace tidemark {

namespace {
bool runningAsRoot() {
    return ::geteuid() == 0;
}

QString unprivilegedOwner() {
    for (const char* name : {"postgres", "nobody"})
        if (::getpwnam(name))
            return QString::fromLatin1(name);
    throw Error(Error::Kind::Failed,
                QStringLiteral("running as root and no unprivileged user (postgres, nobody) "
                               "exists to own the PostgreSQL cluster"));
}

void chownTree(const QString& path, const QString& owner) {
    const passwd* pw = ::getpwnam(owner.toLocal8Bit().constData());
    if (!pw)
        return;
    if (::chown(QFile::encodeName(path).constData(), pw->pw_uid, pw->pw_gid) != 0)
        throw Error(Error::Kind::Failed, QStringLiteral("cannot hand %1 to user %2").arg(path, owner));
}

QString randomPassword() {
    static const char alphabet[] = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    QString s;
    for (int i = 0; i < 32; ++i)
        s += QLatin1Char(alphabet[QRandomGenerator::system()->bounded(int(sizeof alphabet - 1))]);
    return s;
}

void writePrivateFile(const QString& path, const QByteArray& content) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        throw Error(Error::Kind::Failed, QStringLiteral("cannot write %1: %2").arg(path, f.errorString()));
    f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    f.write(content);
}
} // namespace

PgCluster::PgCluster(Options options) : m_options(std::move(options)) {
    if (m_options.dataDir.isEmpty())
        m_options.dataDir = defaultDataDir(m_options.stateDir);
}

QString PgCluster::binDir() {
    for (const char* dir :
         {"/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/17/bin"})
        if (QFileInfo::exists(QLatin1String(dir) + QLatin1String("/initdb")))
            return QString::fromLatin1(dir);
    throw Error(Error::Kind::Failed,
                QStringLiteral("PostgreSQL server binaries not found in /usr/lib/postgresql/15/bin "
                               "(install the postgresql-15 package)"));
}

QString PgCluster::defaultDataDir(const QString& stateDir) {
    if (!runningAsRoot())
        return QDir(stateDir).filePath(QStringLiteral("pgdata"));
    // The server refuses to run as root, and its owner cannot enter a root home; keep PGDATA in /var/tmp.
    const QByteArray tag =
        QCryptographicHash::hash(QDir(stateDir).absolutePath().toUtf8(), QCryptographicHash::Sha1)
            .toHex()
            .left(12);
    return QStringLiteral("/var/tmp/tidemark-pg-%1").arg(QString::fromLatin1(tag));
}

bool PgCluster::portIsFree(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return false;
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<uint16_t>(port));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    const bool free = ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
    ::close(fd);
    return free;
}

int PgCluster::findFreePort(int from) {
    for (int port = from; port < from + 2000; ++port)
        if (portIsFree(port))
            return port;
    throw Error(Error::Kind::Connection, QStringLiteral("no free TCP port on 127.0.0.1 from %1").arg(from));
}

QString PgCluster::ownerName() const {
    if (!runningAsRoot()) {
        const passwd* pw = ::getpwuid(::geteuid());
        return pw ? QString::fromLocal8Bit(pw->pw_name) : QString();
    }
    return unprivilegedOwner();
}

QString PgCluster::run(const QString& program, const QStringList& args, bool asOwner, int timeoutMs,
                       bool* ok) const {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    QString exe = QDir(binDir()).filePath(program);
    QStringList argv = args;
    if (asOwner && runningAsRoot()) {
        argv.prepend(exe);
        argv.prepend(QStringLiteral("--"));
        argv.prepend(ownerName());
        argv.prepend(QStringLiteral("-u"));
        exe = QStringLiteral("runuser");
    }
    p.setWorkingDirectory(QDir::tempPath());
    p.start(exe, argv);
    const bool finished = p.waitForStarted(10000) && p.waitForFinished(timeoutMs);
    const QString out = QString::fromLocal8Bit(p.readAll()).trimmed();
    const bool success = finished && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
    if (ok) {
        *ok = success;
        return out;
    }
    if (!success) {
        const QString last = out.section(QLatin1Char('\n'), -1).trimmed();
        throw Error(Error::Kind::Failed,
                    QStringLiteral("%1 failed for %2: %3")
                        .arg(program, m_options.dataDir, last.isEmpty() ? p.errorString() : last));
    }
    return out;
}

bool PgCluster::isInitialized() const {
    return QFileInfo::exists(QDir(m_options.dataDir).filePath(QStringLiteral("PG_VERSION")));
}

QString PgCluster::logFile() const {
    return QDir(m_options.stateDir).filePath(QStringLiteral("postgres.log"));
}

void PgCluster::initialize() {
    QDir state(m_options.stateDir);
    if (!state.mkpath(QStringLiteral(".")) || !QFileInfo(m_options.stateDir).isWritable())
        throw Error(Error::Kind::Failed,
                    QStringLiteral("data folder %1 cannot be created or written").arg(m_options.stateDir));
    QDir data(m_options.dataDir);
    if (!data.mkpath(QStringLiteral(".")))
        throw Error(Error::Kind::Failed, QStringLiteral("cannot create %1").arg(m_options.dataDir));
    QFile::setPermissions(m_options.dataDir,
                          QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    if (runningAsRoot()) {
        QFile::setPermissions(QFileInfo(m_options.dataDir).absolutePath(),
                              QFileInfo(QFileInfo(m_options.dataDir).absolutePath()).permissions() |
                                  QFileDevice::ExeOther);
        chownTree(m_options.dataDir, ownerName());
    }
    const QString password = randomPassword();
    // initdb reads the superuser password from a file that its owner must be able to read.
    const QString pwfile =
        QDir(m_options.dataDir)
            .filePath(QStringLiteral("../%1.initpw").arg(QFileInfo(m_options.dataDir).fileName()));
    writePrivateFile(pwfile, password.toUtf8() + '\n');
    if (runningAsRoot())
        chownTree(pwfile, ownerName());
    bool ok = false;
    const QString out =
        run(QStringLiteral("initdb"),
            {QStringLiteral("-D"), m_options.dataDir, QStringLiteral("-U"), m_options.user,
             QStringLiteral("--auth=scram-sha-256"), QStringLiteral("--pwfile=") + pwfile,
             QStringLiteral("-E"), QStringLiteral("UTF8"), QStringLiteral("--locale=C.UTF-8")},
            true, 120000, &ok);
    QFile::remove(pwfile);
    if (!ok)
        throw Error(Error::Kind::Failed, QStringLiteral("initdb failed for %1: %2")
                                             .arg(m_options.dataDir, out.section(QLatin1Char('\n'), -1)));
    writePrivateFile(state.filePath(QStringLiteral("password")), password.toUtf8());
    QStringList conf = {QStringLiteral("listen_addresses = '127.0.0.1'"),
                        QStringLiteral("unix_socket_directories = ''"),
                        QStringLiteral("max_connections = 50"),
                        QStringLiteral("shared_buffers = 256MB"),
                        QStringLiteral("work_mem = 32MB"),
                        QStringLiteral("maintenance_work_mem = 256MB"),
                        QStringLiteral("max_wal_size = 4GB"),
                        QStringLiteral("timezone = 'UTC'")};
    if (!m_options.durable)
        conf << QStringLiteral("fsync = off") << QStringLiteral("synchronous_commit = off")
             << QStringLiteral("full_page_writes = off");
    const QString confPath = QDir(m_options.dataDir).filePath(QStringLiteral("postgresql.auto.conf"));
    QFile f(confPath);
    if (!f.open(QIODevice::Append))
        throw Error(Error::Kind::Failed, QStringLiteral("cannot write %1").arg(confPath));
    f.write(conf.join(QLatin1Char('\n')).toUtf8() + '\n');
}

int PgCluster::port() const {
    QFile f(QDir(m_options.stateDir).filePath(QStringLiteral("port")));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    return f.readAll().trimmed().toInt();
}

void PgCluster::start(int port) {
    if (!isInitialized())
        throw Error(Error::Kind::Failed,
                    QStringLiteral("no PostgreSQL cluster in %1").arg(m_options.dataDir));
    if (isRunning())
        return;
    if (port == 0)
        port = this->port();
    if (port == 0)
        port = findFreePort();
    else if (!portIsFree(port))
        throw Error(Error::Kind::Connection, QStringLiteral("port %1 on 127.0.0.1 is in use").arg(port));
    writePrivateFile(QDir(m_options.stateDir).filePath(QStringLiteral("port")), QByteArray::number(port));
    QFile pw(QDir(m_options.stateDir).filePath(QStringLiteral("password")));
    if (!pw.open(QIODevice::ReadOnly))
        throw Error(Error::Kind::Failed,
                    QStringLiteral("the cluster's password file in %1 is missing").arg(m_options.stateDir));
    writePrivateFile(QDir(m_options.stateDir).filePath(QStringLiteral("pgpass")),
                     QStringLiteral("127.0.0.1:%1:*:%2:").arg(port).arg(m_options.user).toUtf8() +
                         pw.readAll() + '\n');
    // The server's log goes inside PGDATA (the owner may not write the state folder); we link to it.
    const QString serverLog = QDir(m_options.dataDir).filePath(QStringLiteral("server.log"));
    run(QStringLiteral("pg_ctl"),
        {QStringLiteral("-D"), m_options.dataDir, QStringLiteral("-l"), serverLog, QStringLiteral("-w"),
         QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("-o"), QStringLiteral("-p %1").arg(port),
         QStringLiteral("start")},
        true, 90000);
    if (m_options.database != QLatin1String("postgres")) {
        bool ok = false;
        run(QStringLiteral("createdb"),
            {QStringLiteral("-h"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"), QString::number(port),
             QStringLiteral("-U"), m_options.user, m_options.database},
            false, 30000, &ok); // fails harmlessly when it exists
    }
}

void PgCluster::stop() {
    if (!isInitialized() || !isRunning())
        return;
    run(QStringLiteral("pg_ctl"),
        {QStringLiteral("-D"), m_options.dataDir, QStringLiteral("-w"), QStringLiteral("-t"),
         QStringLiteral("60"), QStringLiteral("-m"), QStringLiteral("fast"), QStringLiteral("stop")},
        true, 90000);
}

bool PgCluster::isRunning() const {
    if (!isInitialized())
        return false;
    bool ok = false;
    run(QStringLiteral("pg_ctl"), {QStringLiteral("-D"), m_options.dataDir, QStringLiteral("status")}, true,
        10000, &ok);
    return ok;
}

void PgCluster::removeFiles() {
    stop();
    QDir(m_options.dataDir).removeRecursively();
    for (const char* name : {"password", "pgpass", "port", "postgres.log"})
        QFile::remove(QDir(m_options.stateDir).filePath(QLatin1String(name)));
}

QString PgCluster::conninfo(const QString& database) const {
    return QStringLiteral("host=127.0.0.1 port=%1 dbname=%2 user=%3 passfile=%4")
        .arg(port())
        .arg(database.isEmpty() ? m_options.database : database, m_options.user,
             QDir(m_options.stateDir).filePath(QStringLiteral("pgpass")));
}

} // namespace tidemark
