#include "testpostgres.h"

#include "pgcluster.h"
#include "pgconnection.h"

#include <QCoreApplication>
#include <QDir>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <memory>
#include <unistd.h>

namespace tidemark::test {

namespace {
struct PrivateServer {
    QTemporaryDir state{QDir::tempPath() + QStringLiteral("/tidemark-test-pg-XXXXXX")};
    std::unique_ptr<PgCluster> cluster;
    PrivateServer() {
        PgCluster::Options options;
        options.stateDir = state.path();
        options.dataDir = state.path() + QStringLiteral("/pgdata");
        options.database = QStringLiteral("postgres");
        options.durable = false;
        if (::geteuid() == 0) // the server's owner must be able to enter the folder
            QFile::setPermissions(state.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                                    QFileDevice::ExeOwner | QFileDevice::ExeOther);
        cluster = std::make_unique<PgCluster>(options);
        cluster->initialize();
        cluster->start(PgCluster::findFreePort(56000 + (::getpid() % 4000)));
    }
    ~PrivateServer() {
        try {
            cluster->removeFiles();
        } catch (...) {
        }
    }
};
} // namespace

QString TestPostgres::adminConninfo() {
    const QString shared = QProcessEnvironment::systemEnvironment().value(QStringLiteral("TIDEMARK_TEST_PG"));
    if (!shared.isEmpty())
        return shared + QStringLiteral(" dbname=postgres");
    static PrivateServer server;
    return server.cluster->conninfo(QStringLiteral("postgres"));
}

QString TestPostgres::createDatabase(const QString& baseName) {
    // The offscreen and the Xvfb run of a GUI test run side by side: each process has its own databases, so
    // one run's DROP … WITH (FORCE) never cuts the other's connections.
    const QString name = QStringLiteral("%1_p%2").arg(baseName).arg(QCoreApplication::applicationPid());
    const QString admin = adminConninfo();
    auto db = PgConnection::open(admin, QStringLiteral("tidemark-test"));
    db->exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(pgQuoteIdentifier(name)));
    db->exec(QStringLiteral("CREATE DATABASE %1").arg(pgQuoteIdentifier(name)));
    return admin + QStringLiteral(" dbname=") + name;
}

QString TestPostgres::copyDatabase(const QString& templateConninfo, const QString& baseName) {
    const QString name = QStringLiteral("%1_p%2").arg(baseName).arg(QCoreApplication::applicationPid());
    QString source;
    for (const auto& [key, value] : PgConnection::parseConninfo(templateConninfo))
        if (key == QLatin1String("dbname"))
            source = value;
    const QString admin = adminConninfo();
    auto db = PgConnection::open(admin, QStringLiteral("tidemark-test"));
    db->exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(pgQuoteIdentifier(name)));
    db->exec(QStringLiteral("CREATE DATABASE %1 TEMPLATE %2")
                 .arg(pgQuoteIdentifier(name), pgQuoteIdentifier(source)));
    return admin + QStringLiteral(" dbname=") + name;
}

} // namespace tidemark::test
