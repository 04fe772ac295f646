#include "tracksmigrator.h"

#include "spatialitedatabase.h"

#include "error.h"
#include "timestamp.h"

namespace tidemark::tracks {

namespace {
const QString kDataset = QStringLiteral("tracks");
}

TracksMigrator::TracksMigrator(SpatialiteDatabase& db) : m_db(db) {}

void TracksMigrator::ensureLedger() {
    m_db.exec(
        QStringLiteral("CREATE TABLE IF NOT EXISTS tidemark_schema_migrations ("
                       " dataset TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL,"
                       " checksum TEXT NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (dataset, version))"));
}

SchemaStatus TracksMigrator::status() {
    SchemaStatus s;
    s.dataset = kDataset;
    const QList<Migration> known = SchemaMigrator::migrations(kDataset);
    s.latestVersion = known.isEmpty() ? 0 : known.last().version;
    if (m_db.hasTable(QStringLiteral("tidemark_schema_migrations"))) {
        SqliteStatement q =
            m_db.prepare(QStringLiteral("SELECT version, name, applied_at FROM tidemark_schema_migrations "
                                        "WHERE dataset = ? ORDER BY version"));
        q.bind(1, kDataset);
        while (q.step()) {
            s.currentVersion = std::max(s.currentVersion, static_cast<int>(q.toInt64(0)));
            s.applied << QStringLiteral("%1 %2 (%3)")
                             .arg(q.toInt64(0), 4, 10, QLatin1Char('0'))
                             .arg(q.text(1), q.text(2));
        }
    }
    for (const QString& table : DatasetSchema::forName(kDataset).requiredTables)
        if (!m_db.hasTable(table))
            s.missingTables << table;
    return s;
}

QList<Migration> TracksMigrator::migrate() {
    ensureLedger();
    const SchemaStatus before = status();
    if (before.newerThanKnown())
        throw Error(
            Error::Kind::Refused,
            QStringLiteral(
                "tracks schema of %1 is at version %2, newer than this Tidemark knows (%3); upgrade Tidemark")
                .arg(m_db.path())
                .arg(before.currentVersion)
                .arg(before.latestVersion));
    QList<Migration> applied;
    for (const Migration& m : SchemaMigrator::migrations(kDataset)) {
        SqliteStatement existing = m_db.prepare(QStringLiteral(
            "SELECT checksum FROM tidemark_schema_migrations WHERE dataset = ? AND version = ?"));
        existing.bind(1, kDataset).bind(2, m.version);
        if (existing.step()) {
            if (existing.text(0) != m.checksum)
                throw Error(Error::Kind::Refused,
                            QStringLiteral(
                                "tracks migration %1 (%2) in %3 differs from the script this Tidemark ships")
                                .arg(m.version)
                                .arg(m.name, m_db.path()));
            continue;
        }
        m_db.begin();
        try {
            m_db.exec(m.sql);
            SqliteStatement record =
                m_db.prepare(QStringLiteral("INSERT INTO tidemark_schema_migrations (dataset, version, name, "
                                            "checksum, applied_at) VALUES (?, ?, ?, ?, ?)"));
            record.bind(1, kDataset)
                .bind(2, m.version)
                .bind(3, m.name)
                .bind(4, m.checksum)
                .bind(5, formatIsoTimestamp(nowMicros()));
            record.step();
            m_db.commit();
        } catch (const Error& e) {
            m_db.rollback();
            throw Error(e.kind(), QStringLiteral("tracks migration %1_%2: %3")
                                      .arg(m.version, 4, 10, QLatin1Char('0'))
                                      .arg(m.name, e.message()));
        }
        applied.append(m);
    }
    return applied;
}

void TracksMigrator::requireSchema() {
    const SchemaStatus s = status();
    if (!s.missingTables.isEmpty())
        throw Error(Error::Kind::Schema,
                    QStringLiteral(
                        "%1 has no table %2 of the tracks schema (run: tidemark-cli tracks init --sqlite %1)")
                        .arg(m_db.path(), s.missingTables.first()));
    if (s.newerThanKnown())
        throw Error(
            Error::Kind::Refused,
            QStringLiteral("tracks schema of %1 is at version %2, newer than this Tidemark knows (%3)")
                .arg(m_db.path())
                .arg(s.currentVersion)
                .arg(s.latestVersion));
}

std::unique_ptr<SpatialiteDatabase> openTracksFile(const QString& path) {
    auto db = SpatialiteDatabase::open(path);
    TracksMigrator(*db).requireSchema();
    return db;
}

} // namespace tidemark::tracks
