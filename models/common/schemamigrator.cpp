#include "schemamigrator.h"

#include "error.h"
#include "pgconnection.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace tidemark {

QList<Migration> SchemaMigrator::migrations(const QString& folder) {
    static const QRegularExpression pattern(QStringLiteral("^(\\d{4})_(.+)\\.sql$"));
    QList<Migration> list;
    const QDir dir(QStringLiteral(":/sql/") + folder);
    for (const QString& file : dir.entryList({QStringLiteral("*.sql")}, QDir::Files, QDir::Name)) {
        const auto match = pattern.match(file);
        if (!match.hasMatch())
            continue;
        QFile f(dir.filePath(file));
        if (!f.open(QIODevice::ReadOnly))
            throw Error(Error::Kind::Failed, QStringLiteral("cannot read migration %1").arg(file));
        Migration m;
        const QByteArray bytes = f.readAll();
        m.version = match.captured(1).toInt();
        m.name = match.captured(2);
        m.sql = QString::fromUtf8(bytes);
        m.checksum = QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
        list.append(m);
    }
    return list;
}

SchemaMigrator::SchemaMigrator(PgConnection& connection, DatasetSchema schema)
    : m_connection(connection), m_schema(std::move(schema)) {}

void SchemaMigrator::ensureLedger() {
    m_connection.exec(QStringLiteral(
        "CREATE TABLE IF NOT EXISTS tidemark_schema_migrations ("
        " dataset text NOT NULL, version integer NOT NULL, name text NOT NULL, checksum text NOT NULL,"
        " applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (dataset, version))"));
}

SchemaStatus SchemaMigrator::status() {
    SchemaStatus s;
    s.dataset = m_schema.dataset;
    const QList<Migration> known = migrations(m_schema.folder());
    s.latestVersion = known.isEmpty() ? 0 : known.last().version;
    const bool hasLedger =
        m_connection.exec(QStringLiteral("SELECT to_regclass('tidemark_schema_migrations') IS NOT NULL"))
            .toBool(0, 0);
    if (hasLedger) {
        PgResult r = m_connection.exec(
            QStringLiteral("SELECT version, name, to_char(applied_at AT TIME ZONE 'UTC', "
                           "'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')"
                           " FROM tidemark_schema_migrations WHERE dataset = $1 ORDER BY version"),
            {m_schema.dataset});
        for (int i = 0; i < r.rows(); ++i) {
            s.currentVersion = std::max(s.currentVersion, static_cast<int>(r.toLong(i, 0)));
            s.applied << QStringLiteral("%1 %2 (%3)")
                             .arg(r.toLong(i, 0), 4, 10, QLatin1Char('0'))
                             .arg(r.text(i, 1), r.text(i, 2));
        }
    }
    for (const QString& table : m_schema.requiredTables) {
        const bool exists =
            m_connection.exec(QStringLiteral("SELECT to_regclass($1) IS NOT NULL"), {table}).toBool(0, 0);
        if (!exists)
            s.missingTables << table;
    }
    return s;
}

void SchemaMigrator::requireExtensions() {
    for (const QString& extension : m_schema.requiredExtensions) {
        const bool installed =
            m_connection
                .exec(QStringLiteral("SELECT count(*) > 0 FROM pg_extension WHERE extname = $1"), {extension})
                .toBool(0, 0);
        if (!installed)
            throw Error(
                Error::Kind::Schema,
                QStringLiteral("%1 has no %2 extension, which the %3 schema needs: run CREATE EXTENSION "
                               "%2; in that database as its owner or a superuser (the server needs the "
                               "extension's package installed)")
                    .arg(m_connection.describe(), extension, m_schema.dataset));
    }
}

QList<Migration> SchemaMigrator::migrate() {
    requireExtensions();
    ensureLedger();
    const SchemaStatus before = status();
    if (before.newerThanKnown())
        throw Error(
            Error::Kind::Refused,
            QStringLiteral(
                "%1 schema of %2 is at version %3, newer than this Tidemark knows (%4); upgrade Tidemark")
                .arg(m_schema.dataset, m_connection.describe())
                .arg(before.currentVersion)
                .arg(before.latestVersion));
    QList<Migration> applied;
    for (const Migration& m : migrations(m_schema.folder())) {
        PgResult existing = m_connection.exec(
            QStringLiteral(
                "SELECT checksum FROM tidemark_schema_migrations WHERE dataset = $1 AND version = $2"),
            {m_schema.dataset, m.version});
        if (existing.rows() > 0) {
            if (existing.text(0, 0) != m.checksum)
                throw Error(
                    Error::Kind::Refused,
                    QStringLiteral("%1 migration %2 (%3) on %4 differs from the script this Tidemark ships")
                        .arg(m_schema.dataset)
                        .arg(m.version)
                        .arg(m.name, m_connection.describe()));
            continue;
        }
        const QString what = QStringLiteral("%1 migration %2").arg(m_schema.dataset, m.label());
        try {
            m_connection.execScript(QStringLiteral("BEGIN;\n") + m.sql + QStringLiteral("\n;"), what);
            m_connection.exec(
                QStringLiteral("INSERT INTO tidemark_schema_migrations (dataset, version, name, checksum)"
                               " VALUES ($1, $2, $3, $4)"),
                {m_schema.dataset, m.version, m.name, m.checksum});
            m_connection.execScript(QStringLiteral("COMMIT"));
        } catch (...) {
            m_connection.execScript(QStringLiteral("ROLLBACK"));
            throw;
        }
        applied.append(m);
    }
    return applied;
}

void SchemaMigrator::requireSchema() {
    requireExtensions();
    const SchemaStatus s = status();
    if (!s.missingTables.isEmpty())
        throw Error(Error::Kind::Schema, QStringLiteral("%1 has no table %2 of the %3 schema (run: %4)")
                                             .arg(m_connection.describe(), s.missingTables.first(),
                                                  m_schema.dataset, m_schema.command()));
    if (s.newerThanKnown())
        throw Error(Error::Kind::Refused,
                    QStringLiteral("%1 schema of %2 is at version %3, newer than this Tidemark knows (%4)")
                        .arg(m_schema.dataset, m_connection.describe())
                        .arg(s.currentVersion)
                        .arg(s.latestVersion));
}

} // namespace tidemark
