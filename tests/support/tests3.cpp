#include "tests3.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <arpa/inet.h>
#include <atomic>
#include <csignal>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

namespace tidemark::test {

namespace {

const QString kScript = QStringLiteral(TIDEMARK_SOURCE_DIR "/scripts/test-rgw.sh");

bool portIsFree(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const bool free = ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    ::close(fd);
    return free;
}

QString runScript(const QStringList& arguments) {
    QProcess script;
    script.start(kScript, arguments);
    if (!script.waitForFinished(180000) || script.exitStatus() != QProcess::NormalExit ||
        script.exitCode() != 0)
        qFatal("%s %s failed: %s", qPrintable(kScript), qPrintable(arguments.join(QLatin1Char(' '))),
               script.readAllStandardError().constData());
    return QString::fromUtf8(script.readAllStandardOutput()).trimmed();
}

S3Server parseServer(const QString& text) {
    S3Server server;
    for (const QString& field : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        const qsizetype equals = field.indexOf(QLatin1Char('='));
        const QString name = field.left(equals);
        const QString value = field.mid(equals + 1);
        if (name == QLatin1String("endpoint"))
            server.endpoint = value;
        else if (name == QLatin1String("access"))
            server.accessKey = value;
        else if (name == QLatin1String("secret"))
            server.secretKey = value;
    }
    if (server.endpoint.isEmpty() || server.accessKey.isEmpty() || server.secretKey.isEmpty())
        qFatal("TIDEMARK_TEST_S3 must be \"endpoint=URL access=KEY secret=SECRET\"");
    return server;
}

} // namespace

TestRgw::TestRgw() {
    QTemporaryDir parent(QDir::tempPath() + QStringLiteral("/tidemark-test-rgw-XXXXXX"));
    parent.setAutoRemove(false); // the script's stop removes it
    m_dir = parent.path() + QStringLiteral("/rgw");
    int port = 47000 + static_cast<int>(QCoreApplication::applicationPid() % 2000);
    while (!portIsFree(port))
        ++port;
    m_server = parseServer(runScript({QStringLiteral("start"), m_dir, QString::number(port)}));
    // Static destructors do not run when a test crashes: a watchdog stops the daemons once this process is
    // gone.
    QProcess::startDetached(QStringLiteral("sh"),
                            {QStringLiteral("-c"),
                             QStringLiteral("while kill -0 %1 2>/dev/null; do sleep 1; done; \"$0\" stop "
                                            "\"$1\"; rmdir \"${1%/rgw}\" 2>/dev/null")
                                 .arg(QCoreApplication::applicationPid()),
                             kScript, m_dir});
}

TestRgw::~TestRgw() {
    QProcess::execute(kScript, {QStringLiteral("stop"), m_dir});
    QDir().rmdir(QFileInfo(m_dir).path());
}

void TestRgw::killGateway() {
    QFile pidFile(m_dir + QStringLiteral("/run/client.rgw.a.pid"));
    if (!pidFile.open(QIODevice::ReadOnly))
        qFatal("no radosgw pid file in %s", qPrintable(m_dir));
    const pid_t pid = static_cast<pid_t>(pidFile.readAll().trimmed().toLongLong());
    if (pid <= 1 || ::kill(pid, SIGKILL) != 0)
        qFatal("cannot kill radosgw %d", static_cast<int>(pid));
    for (int i = 0; i < 100 && ::kill(pid, 0) == 0; ++i)
        ::usleep(50000);
}

void TestRgw::startGateway() {
    runScript({QStringLiteral("start-gateway"), m_dir});
}

S3Server TestS3::server() {
    const QString shared = QProcessEnvironment::systemEnvironment().value(QStringLiteral("TIDEMARK_TEST_S3"));
    if (!shared.isEmpty())
        return parseServer(shared);
    static TestRgw privateServer;
    return privateServer.server();
}

QString TestS3::createBucket(const QString& baseName) {
    static std::atomic<int> counter{0};
    const S3Server s3 = server();
    QString name = QStringLiteral("%1-p%2-%3")
                       .arg(baseName.toLower().replace(QLatin1Char('_'), QLatin1Char('-')))
                       .arg(QCoreApplication::applicationPid())
                       .arg(++counter);
    int status = 0;
    const QByteArray answer = curl(s3, QStringLiteral("PUT"), QLatin1Char('/') + name, &status);
    if (status != 200)
        qFatal("cannot create bucket %s: HTTP %d %s", qPrintable(name), status, answer.constData());
    qputenv("AWS_ACCESS_KEY_ID", s3.accessKey.toUtf8());
    qputenv("AWS_SECRET_ACCESS_KEY", s3.secretKey.toUtf8());
    return QStringLiteral("s3://%1?endpoint=%2&region=us-east-1").arg(name, s3.endpoint);
}

QByteArray TestS3::curl(const S3Server& server, const QString& method, const QString& path, int* status) {
    QProcess curl;
    curl.start(QStringLiteral("curl"),
               {QStringLiteral("-sS"), QStringLiteral("-K"), QStringLiteral("-"), QStringLiteral("-X"),
                method, QStringLiteral("--aws-sigv4"), QStringLiteral("aws:amz:us-east-1:s3"),
                QStringLiteral("-H"), QStringLiteral("x-amz-content-sha256: UNSIGNED-PAYLOAD"),
                QStringLiteral("-w"), QStringLiteral("\n%{http_code}"), server.endpoint + path});
    curl.write(QStringLiteral("user = \"%1:%2\"\n").arg(server.accessKey, server.secretKey).toUtf8());
    curl.closeWriteChannel();
    if (!curl.waitForFinished(60000) || curl.exitCode() != 0)
        qFatal("curl %s %s failed: %s", qPrintable(method), qPrintable(path),
               curl.readAllStandardError().constData());
    QByteArray out = curl.readAllStandardOutput();
    const qsizetype newline = out.lastIndexOf('\n');
    *status = out.mid(newline + 1).toInt();
    out.truncate(newline);
    return out;
}

} // namespace tidemark::test
