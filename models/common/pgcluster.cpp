#include "pgcluster.h"

#include "error.h"
#include "privatefiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>

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

struct Owner {
    uid_t uid = 0;
    gid_t gid = 0;
};

// The user the server runs as: this one, or (as root) postgres or nobody.
Owner serverOwner() {
    if (!runningAsRoot())
        return {::geteuid(), ::getegid()};
    const QString name = unprivilegedOwner();
    const passwd* pw = ::getpwnam(name.toLocal8Bit().constData());
    if (!pw)
        throw Error(Error::Kind::Failed, QStringLiteral("user %1 vanished").arg(name));
    return {pw->pw_uid, pw->pw_gid};
}

QString randomPassword() {
    static const char alphabet[] = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    QString s;
    for (int i = 0; i < 32; ++i)
        s += QLatin1Char(alphabet[QRandomGenerator::system()->bounded(int(sizeof alphabet - 1))]);
    return s;
}

QString socketPath(const QString& socketDir, int port) {
    return QStringLiteral("%1/.s.PGSQL.%2").arg(socketDir).arg(port);
}

// A folder PostgreSQL can take in unix_socket_directories (a quoted, comma-separated list) whose socket
// path fits into sun_path for any port.
bool socketDirUsable(const QString& dir) {
    if (QFile::encodeName(socketPath(dir, 65535)).size() > PgCluster::kMaxSocketPath)
        return false;
    if (dir.trimmed() != dir)
        return false;
    for (const QChar c : dir)
        if (c.unicode() < 0x20 || c == QLatin1Char('\'') || c == QLatin1Char('"') || c == QLatin1Char('\\') ||
            c == QLatin1Char(','))
            return false;
    return true;
}

// A conninfo value: quoted when it holds a space, a quote or a backslash.
QString conninfoValue(const QString& value) {
    static const QRegularExpression plain(QStringLiteral("^[^\\s'\\\\]+$"));
    if (plain.match(value).hasMatch())
        return value;
    QString quoted = value;
    quoted.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + quoted + QLatin1Char('\'');
}

// A .pgpass field: ':' and '\' escaped.
QByteArray pgpassField(const QString& value) {
    QString escaped = value;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char(':'), QStringLiteral("\\:"));
    return escaped.toUtf8();
}
} // namespace

PgCluster::PgCluster(Options options) : m_options(std::move(options)) {
    m_defaultDataDir = m_options.dataDir.isEmpty();
    if (m_defaultDataDir && !runningAsRoot())
        m_options.dataDir = QDir(m_options.stateDir).filePath(QStringLiteral("pgdata"));
    if (m_options.unixSocket && !runningAsRoot())
        m_socketDir = QDir(m_options.stateDir).filePath(QStringLiteral("socket"));

    privatefiles::ownDirExists(m_options.stateDir); // refuses a link or someone else's folder
    const QString record = statePath("private-dir");
    const std::optional<QByteArray> recorded = privatefiles::read(record);
    if (!recorded)
        return;
    const QString path = QString::fromUtf8(recorded->trimmed());
    // What mkdtemp(kPrivateDirPattern) makes: the pattern with its XXXXXX replaced by letters and digits.
    static const QRegularExpression pattern(
        QLatin1Char('^') + QRegularExpression::escape(QLatin1String(kPrivateDirPattern).chopped(6)) +
        QStringLiteral("[A-Za-z0-9]{6}$"));
    if (!pattern.match(path).hasMatch())
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("refusing to use %1 (recorded in %2): not a private folder the cluster made "
                           "(%3)")
                .arg(path, record, QLatin1String(kPrivateDirPattern)));
    if (!QFileInfo::exists(path) && !QFileInfo(path).isSymLink())
        return; // gone (e.g. cleaned from /var/tmp): nothing there to use; removeFiles drops the record
    privatefiles::checkPrivateDir(path, serverOwner().uid);
    usePrivateDir(path);
}

void PgCluster::usePrivateDir(const QString& path) {
    m_privateDir = path;
    if (m_defaultDataDir && runningAsRoot())
        m_options.dataDir = path + QStringLiteral("/data");
    if (m_options.unixSocket)
        m_socketDir = path + QStringLiteral("/socket");
}

QString PgCluster::statePath(const char* name) const {
    return QDir(m_options.stateDir).filePath(QLatin1String(name));
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

QString PgCluster::run(const QString& program, const QStringList& args, bool asOwner, int timeoutMs, bool* ok,
                       const QStringList& env) const {
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    if (!env.isEmpty()) {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        for (const QString& pair : env)
            e.insert(pair.section(QLatin1Char('='), 0, 0), pair.section(QLatin1Char('='), 1));
        p.setProcessEnvironment(e);
    }
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
    return !m_options.dataDir.isEmpty() &&
           QFileInfo::exists(QDir(m_options.dataDir).filePath(QStringLiteral("PG_VERSION")));
}

QString PgCluster::logFile() const {
    return statePath("postgres.log");
}

void PgCluster::initialize() {
    const QString stateDir = QDir(m_options.stateDir).absolutePath();
    if (!QDir().mkpath(QFileInfo(stateDir).path()))
        throw Error(Error::Kind::Failed,
                    QStringLiteral("data folder %1 cannot be created or written").arg(m_options.stateDir));
    privatefiles::makeDir(stateDir);
    if (::access(QFile::encodeName(stateDir).constData(), W_OK | X_OK) != 0)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("data folder %1 cannot be created or written").arg(m_options.stateDir));
    const Owner owner = serverOwner();
    const bool handOver = runningAsRoot();

    // The private folder: as root for PGDATA and the socket, else for a socket whose path would not fit.
    const QString ownSocketDir = QDir(stateDir).filePath(QStringLiteral("socket"));
    const bool needPrivate = (runningAsRoot() && m_defaultDataDir) ||
                             (m_options.unixSocket && (runningAsRoot() || !socketDirUsable(ownSocketDir)));
    if (needPrivate && m_privateDir.isEmpty()) {
        const QString dir =
            privatefiles::makeTempDir(QLatin1String(kPrivateDirPattern), owner.uid, owner.gid);
        try {
            privatefiles::replace(statePath("private-dir"), dir.toUtf8() + '\n');
        } catch (...) {
            privatefiles::removeTree(dir);
            throw;
        }
        usePrivateDir(dir);
    }

    // PGDATA: a new empty folder of the server's owner.
    if (QFileInfo::exists(m_options.dataDir) &&
        !QDir(m_options.dataDir)
             .isEmpty(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
        throw Error(
            Error::Kind::Failed,
            QStringLiteral("cannot create a cluster in %1: the folder is not empty").arg(m_options.dataDir));
    privatefiles::makeDir(m_options.dataDir);
    if (handOver)
        privatefiles::handOverDir(m_options.dataDir, owner.uid, owner.gid);
    if (m_options.unixSocket) {
        if (!socketDirUsable(m_socketDir))
            throw Error(
                Error::Kind::Failed,
                QStringLiteral("the Unix socket folder %1 is too long for a socket path (at most %2 bytes) "
                               "or holds a quote, backslash or comma")
                    .arg(m_socketDir)
                    .arg(kMaxSocketPath));
        privatefiles::makeDir(m_socketDir);
        if (handOver)
            privatefiles::handOverDir(m_socketDir, owner.uid, owner.gid);
    }

    // initdb reads the superuser password from a file that its owner must be able to read.
    const QString password = randomPassword();
    const QString pwfile = m_options.dataDir + QStringLiteral(".initpw");
    privatefiles::remove(pwfile);
    privatefiles::createExclusive(pwfile, password.toUtf8() + '\n', handOver ? owner.uid : uid_t(-1),
                                  handOver ? owner.gid : gid_t(-1));
    bool ok = false;
    const QString out =
        run(QStringLiteral("initdb"),
            {QStringLiteral("-D"), m_options.dataDir, QStringLiteral("-U"), m_options.user,
             QStringLiteral("--auth=scram-sha-256"), QStringLiteral("--pwfile=") + pwfile,
             QStringLiteral("-E"), QStringLiteral("UTF8"), QStringLiteral("--locale=C.UTF-8")},
            true, 120000, &ok);
    privatefiles::remove(pwfile);
    if (!ok)
        throw Error(Error::Kind::Failed, QStringLiteral("initdb failed for %1: %2")
                                             .arg(m_options.dataDir, out.section(QLatin1Char('\n'), -1)));
    privatefiles::replace(statePath("password"), password.toUtf8());
    QStringList conf;
    if (m_options.unixSocket)
        conf << QStringLiteral("listen_addresses = ''")
             << QStringLiteral("unix_socket_directories = '%1'").arg(m_socketDir)
             << QStringLiteral("unix_socket_permissions = 0700");
    else
        conf << QStringLiteral("listen_addresses = '127.0.0.1'")
             << QStringLiteral("unix_socket_directories = ''");
    conf << QStringLiteral("max_connections = 50") << QStringLiteral("shared_buffers = 256MB")
         << QStringLiteral("work_mem = 32MB") << QStringLiteral("maintenance_work_mem = 256MB")
         << QStringLiteral("max_wal_size = 4GB") << QStringLiteral("timezone = 'UTC'");
    if (!m_options.durable)
        conf << QStringLiteral("fsync = off") << QStringLiteral("synchronous_commit = off")
             << QStringLiteral("full_page_writes = off");
    privatefiles::append(QDir(m_options.dataDir).filePath(QStringLiteral("postgresql.auto.conf")),
                         conf.join(QLatin1Char('\n')).toUtf8() + '\n');
}

int PgCluster::port() const {
    const std::optional<QByteArray> text = privatefiles::read(statePath("port"));
    return text ? text->trimmed().toInt() : 0;
}

int PgCluster::tcpPort() const {
    if (!m_options.unixSocket)
        return port();
    const std::optional<QByteArray> text = privatefiles::read(statePath("tcp-port"));
    return text ? text->trimmed().toInt() : 0;
}

void PgCluster::start(int port) {
    if (!isInitialized())
        throw Error(Error::Kind::Failed,
                    QStringLiteral("no PostgreSQL cluster in %1").arg(m_options.dataDir));
    if (isRunning())
        return;
    const bool tcp = !m_options.unixSocket || port != 0;
    if (m_options.unixSocket) {
        if (port == 0)
            port = kSocketPort;
        const QString socket = socketPath(m_socketDir, port);
        if (QFile::encodeName(socket).size() > kMaxSocketPath)
            throw Error(Error::Kind::Failed, QStringLiteral("the Unix socket path %1 is longer than %2 bytes")
                                                 .arg(socket)
                                                 .arg(kMaxSocketPath));
        privatefiles::checkPrivateDir(m_socketDir, serverOwner().uid);
    } else {
        if (port == 0)
            port = this->port();
        if (port == 0)
            port = findFreePort();
    }
    if (tcp && !portIsFree(port))
        throw Error(Error::Kind::Connection, QStringLiteral("port %1 on 127.0.0.1 is in use").arg(port));
    privatefiles::replace(statePath("port"), QByteArray::number(port));
    if (m_options.unixSocket) {
        if (tcp)
            privatefiles::replace(statePath("tcp-port"), QByteArray::number(port));
        else
            privatefiles::remove(statePath("tcp-port"));
    }
    const std::optional<QByteArray> password = privatefiles::read(statePath("password"));
    if (!password)
        throw Error(Error::Kind::Failed,
                    QStringLiteral("the cluster's password file in %1 is missing").arg(m_options.stateDir));
    const QByteArray credentials = ':' + QByteArray::number(port) + ":*:" + pgpassField(m_options.user) +
                                   ':' + password->trimmed() + '\n';
    QByteArray pgpass;
    if (m_options.unixSocket)
        pgpass += pgpassField(m_socketDir) + credentials;
    if (tcp)
        pgpass += "127.0.0.1" + credentials;
    privatefiles::replace(statePath("pgpass"), pgpass);
    // The server's log goes inside PGDATA (the owner may not write the state folder).
    const QString serverLog = QDir(m_options.dataDir).filePath(QStringLiteral("server.log"));
    QString serverOptions = QStringLiteral("-p %1").arg(port);
    if (m_options.unixSocket && tcp)
        serverOptions += QStringLiteral(" -c listen_addresses=127.0.0.1");
    run(QStringLiteral("pg_ctl"),
        {QStringLiteral("-D"), m_options.dataDir, QStringLiteral("-l"), serverLog, QStringLiteral("-w"),
         QStringLiteral("-t"), QStringLiteral("60"), QStringLiteral("-o"), serverOptions,
         QStringLiteral("start")},
        true, 90000);
    if (m_options.database != QLatin1String("postgres")) {
        bool ok = false;
        run(QStringLiteral("createdb"),
            {QStringLiteral("-h"), m_options.unixSocket ? m_socketDir : QStringLiteral("127.0.0.1"),
             QStringLiteral("-p"), QString::number(port), QStringLiteral("-U"), m_options.user,
             QStringLiteral("-w"), m_options.database},
            false, 30000, &ok,
            {QStringLiteral("PGPASSFILE=") + statePath("pgpass")}); // fails harmlessly when it exists
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
    if (!m_privateDir.isEmpty())
        privatefiles::removeTree(m_privateDir);
    if (!m_options.dataDir.isEmpty()) {
        privatefiles::removeTree(m_options.dataDir);
        privatefiles::remove(m_options.dataDir + QStringLiteral(".initpw"));
    }
    privatefiles::removeTree(statePath("socket"));
    for (const char* name : {"password", "pgpass", "port", "tcp-port", "postgres.log", "private-dir"})
        privatefiles::remove(statePath(name));
    // As a new cluster: the next initialize() makes a new private folder.
    m_privateDir.clear();
    if (m_defaultDataDir && runningAsRoot())
        m_options.dataDir.clear();
    if (m_options.unixSocket && runningAsRoot())
        m_socketDir.clear();
    else if (m_options.unixSocket)
        m_socketDir = statePath("socket");
}

QString PgCluster::conninfo(const QString& database) const {
    const QString host = m_options.unixSocket ? m_socketDir : QStringLiteral("127.0.0.1");
    int port = this->port();
    if (port == 0 && m_options.unixSocket)
        port = kSocketPort;
    return QStringLiteral("host=%1 port=%2 dbname=%3 user=%4 passfile=%5")
        .arg(conninfoValue(host))
        .arg(port)
        .arg(conninfoValue(database.isEmpty() ? m_options.database : database), conninfoValue(m_options.user),
             conninfoValue(statePath("pgpass")));
}

} // namespace tidemark
