#pragma once

#include "schemamigrator.h"

#include <QList>
#include <QString>
#include <functional>

namespace tidemark {
class SqliteFile;
}

namespace tidemark::tracks {

class SpatialiteDatabase;

// The tracks dataset's migrations (resources/sql/tracks) applied to a SQLite file, recorded in the file's own
// tidemark_schema_migrations table: the same rules as SchemaMigrator on PostgreSQL (idempotent, each
// migration in one transaction with its record, refusal of a newer or changed schema).
class TracksMigrator {
  public:
    static const QString kLedgerTable; // tidemark_schema_migrations

    explicit TracksMigrator(SpatialiteDatabase& db);

    // The status of any SQLite file, read only (the ledger's rows only when `readLedger`).
    static SchemaStatus statusOf(SqliteFile& file, bool readLedger = true);
    SchemaStatus status();
    // Error(Refused) for a schema newer than this Tidemark knows.
    static void requireKnownVersion(const QString& path, const SchemaStatus& status);
    // Applies what is missing; `applied` is called after each migration's commit.
    QList<Migration> migrate(const std::function<void(const Migration&)>& applied = {});
    void requireSchema(); // TracksFileCheck::requireTracksFile of this connection

  private:
    void ensureLedger();
    SpatialiteDatabase& m_db;
};

} // namespace tidemark::tracks
