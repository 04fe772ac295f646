#include "testcitus.h"

#include "error.h"
#include "pgconnection.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <cstdio>
#include <utility>

namespace tidemark::test {

namespace {

QString environment(const char* name) {
    return qEnvironmentVariable(name).trimmed();
}

QString coordinatorConninfo() {
    const QString conninfo = environment("TIDEMARK_TEST_CITUS");
    if (conninfo.isEmpty())
        throw Error(Error::Kind::Connection,
                    QStringLiteral("TIDEMARK_TEST_CITUS is not set: run scripts/run-tests.sh, or "
                                   "scripts/test-citus.sh start DIR and export what it prints"));
    return conninfo;
}

QStringList workerPorts() {
    const QString ports = environment("TIDEMARK_TEST_CITUS_WORKERS");
    if (ports.isEmpty())
        throw Error(
            Error::Kind::Connection,
            QStringLiteral("TIDEMARK_TEST_CITUS_WORKERS is not set: run scripts/run-tests.sh, or export "
                           "the workers' ports that scripts/test-citus.sh start DIR wrote to DIR/workers"));
    const QStringList list = ports.split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts);
    for (const QString& port : list) {
        bool ok = false;
        const int number = port.toInt(&ok);
        if (!ok || number < 1 || number > 65535)
            throw Error(Error::Kind::Settings,
                        QStringLiteral("TIDEMARK_TEST_CITUS_WORKERS holds \"%1\", not the workers' ports")
                            .arg(ports));
    }
    return list;
}

// `conninfo` with `key` set to `value` (replaced where it was, else added at the end).
QString withField(const QString& conninfo, const QString& key, const QString& value) {
    QStringList fields;
    bool replaced = false;
    for (const auto& [k, v] : PgConnection::parseConninfo(conninfo)) {
        const bool match = k == key;
        replaced = replaced || match;
        fields << k + QLatin1Char('=') + pgConninfoValue(match ? value : v);
    }
    if (!replaced)
        fields << key + QLatin1Char('=') + pgConninfoValue(value);
    return fields.join(QLatin1Char(' '));
}

QString field(const QString& conninfo, const QString& key, const QString& otherwise) {
    for (const auto& [k, v] : PgConnection::parseConninfo(conninfo))
        if (k == key)
            return v;
    return otherwise;
}

// The maintenance database of each node: the coordinator first, then the workers.
QStringList nodeAdminConninfos() {
    const QString admin =
        withField(coordinatorConninfo(), QStringLiteral("dbname"), QStringLiteral("postgres"));
    QStringList nodes{admin};
    for (const QString& port : workerPorts())
        nodes << withField(admin, QStringLiteral("port"), port);
    return nodes;
}

// Each node's copy of an empty database with the citus extension: a test database copied from it skips
// CREATE EXTENSION citus (two thirds of a second per node). Left in place for the cluster's next tests.
const QString kTemplate = QStringLiteral("tidemark_test_citus_template");

void ensureTemplate(PgConnection& admin, const QString& node) {
    const PgResult exists =
        admin.exec(QStringLiteral("SELECT 1 FROM pg_database WHERE datname = $1"), {kTemplate});
    if (exists.rows() > 0)
        return;
    // Built under another name and renamed when whole, so that a failed start leaves no template without
    // the extension.
    const QString building = kTemplate + QStringLiteral("_building");
    admin.exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(pgQuoteIdentifier(building)));
    admin.exec(QStringLiteral("CREATE DATABASE %1").arg(pgQuoteIdentifier(building)));
    {
        auto db = PgConnection::open(withField(node, QStringLiteral("dbname"), building),
                                     QStringLiteral("tidemark-test"));
        db->exec(QStringLiteral("CREATE EXTENSION citus"));
    }
    admin.exec(QStringLiteral("ALTER DATABASE %1 RENAME TO %2")
                   .arg(pgQuoteIdentifier(building), pgQuoteIdentifier(kTemplate)));
}

void dropEverywhere(const QStringList& nodes, const QString& name) {
    for (const QString& node : nodes) {
        auto db = PgConnection::open(node, QStringLiteral("tidemark-test"));
        db->exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(pgQuoteIdentifier(name)));
    }
}

// The databases this process created, dropped when the application object goes (qAddPostRoutine: still inside
// main, while OpenSSL, which libpq uses, is alive): a test run must not leave them behind to fill the disk.
struct CreatedDatabases {
    QStringList nodes;
    QStringList names;
};

CreatedDatabases& createdDatabases() {
    static CreatedDatabases created;
    return created;
}

void dropCreatedDatabases() {
    CreatedDatabases& created = createdDatabases();
    for (const QString& name : std::as_const(created.names)) {
        try {
            dropEverywhere(created.nodes, name);
        } catch (const std::exception& e) {
            std::fprintf(stderr, "TestCitus: %s was not dropped: %s\n", qPrintable(name), e.what());
        }
    }
    created.names.clear();
}

} // namespace

bool TestCitus::available() {
    return !environment("TIDEMARK_TEST_CITUS").isEmpty() &&
           !environment("TIDEMARK_TEST_CITUS_WORKERS").isEmpty();
}

QString TestCitus::createDatabase(const QString& baseName, int shardCount) {
    const QString name = QStringLiteral("%1_p%2").arg(baseName).arg(QCoreApplication::applicationPid());
    const QStringList nodes = nodeAdminConninfos();
    CreatedDatabases& created = createdDatabases();
    if (created.names.isEmpty())
        qAddPostRoutine(dropCreatedDatabases);
    created.nodes = nodes;
    if (!created.names.contains(name))
        created.names << name;
    // One test process at a time sets a database up: citus_add_node copies the role to the workers, and two
    // at once fail with "tuple concurrently updated". The lock is a session lock of the coordinator's
    // maintenance database, released when `guard` closes.
    auto guard = PgConnection::open(nodes.first(), QStringLiteral("tidemark-test"));
    guard->exec(QStringLiteral("SELECT pg_advisory_lock(7123401)"));
    for (const QString& node : nodes) {
        auto db = PgConnection::open(node, QStringLiteral("tidemark-test"));
        ensureTemplate(*db, node);
        db->exec(QStringLiteral("DROP DATABASE IF EXISTS %1 WITH (FORCE)").arg(pgQuoteIdentifier(name)));
        db->exec(QStringLiteral("CREATE DATABASE %1 TEMPLATE %2")
                     .arg(pgQuoteIdentifier(name), pgQuoteIdentifier(kTemplate)));
    }
    const QString conninfo = withField(nodes.first(), QStringLiteral("dbname"), name);
    auto admin = PgConnection::open(nodes.first(), QStringLiteral("tidemark-test"));
    admin->exec(QStringLiteral("ALTER DATABASE %1 SET citus.shard_count = %2")
                    .arg(pgQuoteIdentifier(name))
                    .arg(shardCount));
    const QString host = field(conninfo, QStringLiteral("host"), QStringLiteral("127.0.0.1"));
    auto coordinator = PgConnection::open(conninfo, QStringLiteral("tidemark-test"));
    coordinator->exec(QStringLiteral("SELECT citus_set_coordinator_host($1, $2::int)"),
                      {host, field(conninfo, QStringLiteral("port"), QStringLiteral("5432"))});
    for (const QString& port : workerPorts())
        coordinator->exec(QStringLiteral("SELECT citus_add_node($1, $2::int)"), {host, port});
    return conninfo;
}

QStringList TestCitus::workerConninfos(const QString& databaseConninfo) {
    QStringList workers;
    for (const QString& port : workerPorts())
        workers << withField(databaseConninfo, QStringLiteral("port"), port);
    return workers;
}

} // namespace tidemark::test
