#include "tracksmigrator.h"

#include "tracksschema.h"

#include "spatialitedatabase.h"
#include "tracksfilecheck.h"

#include "error.h"
#include "timestamp.h"

namespace tidemark::tracks {

namespace {
const QString kDataset = QStringLiteral("tracks");
}

const QString TracksMigrator::kLedgerTable = QStringLiteral("tidemark_schema_migrations");

TracksMigrator::TracksMigrator(SpatialiteDatabase& db) : m_db(db) {}

void TracksMigrator::ensureLedger() {
    m_db.exec(
        QStringLiteral("CREATE TABLE IF NOT EXISTS tidemark_schema_migrations ("
                       " dataset TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL,"
                       " checksum TEXT NOT NULL, applied_at TEXT NOT NULL, PRIMARY KEY (dataset, version))"));
}

SchemaStatus TracksMigrator::status() {
    return statusOf(m_db.file());
}

SchemaStatus TracksMigrator::statusOf(SqliteFile& file, bool readLedger) {
    SchemaStatus s;
    s.dataset = kDataset;
    const QList<Migration> known = SchemaMigrator::migrations(kDataset);
    s.latestVersion = known.isEmpty() ? 0 : known.last().version;
    if (readLedger && file.hasTable(kLedgerTable)) {
        SqliteStatement q =
            file.prepare(QStringLiteral("SELECT version, name, applied_at FROM tidemark_schema_migrations "
                                        "WHERE dataset = ? ORDER BY version"));
        q.bind(1, kDataset);
        while (q.step()) {
            s.currentVersion = std::max(s.currentVersion, static_cast<int>(q.toInt64(0)));
            s.applied << QStringLiteral("%1 %2 (%3)")
                             .arg(q.toInt64(0), 4, 10, QLatin1Char('0'))
                             .arg(q.text(1), q.text(2));
        }
    }
    for (const QString& table : tracksSchema().requiredTables)
        if (!file.hasTable(table))
            s.missingTables << table;
    return s;
}

QList<Migration> TracksMigrator::migrate(const std::function<void(const Migration&)>& applied) {
    ensureLedger();
    const SchemaStatus before = status();
    requireKnownVersion(m_db.path(), before);
    QList<Migration> done;
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
            throw Error(e.kind(), QStringLiteral("tracks migration %1: %2").arg(m.label(), e.message()));
        }
        done.append(m);
        if (applied)
            applied(m);
    }
    return done;
}

void TracksMigrator::requireKnownVersion(const QString& path, const SchemaStatus& status) {
    if (status.newerThanKnown())
        throw Error(
            Error::Kind::Refused,
            QStringLiteral(
                "tracks schema of %1 is at version %2, newer than this Tidemark knows (%3); upgrade Tidemark")
                .arg(path)
                .arg(status.currentVersion)
                .arg(status.latestVersion));
}

void TracksMigrator::requireSchema() {
    TracksFileCheck::read(m_db.file()).requireTracksFile();
}

} // namespace tidemark::tracks
