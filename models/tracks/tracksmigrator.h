#pragma once

#include "schemamigrator.h"

#include <QList>
#include <QString>
#include <memory>

namespace tidemark::tracks {

class SpatialiteDatabase;

// The tracks dataset's migrations (resources/sql/tracks) applied to a SQLite file, recorded in the file's own
// tidemark_schema_migrations table: the same rules as SchemaMigrator on PostgreSQL (idempotent, each
// migration in one transaction with its record, refusal of a newer or changed schema).
class TracksMigrator {
  public:
    explicit TracksMigrator(SpatialiteDatabase& db);

    SchemaStatus status();
    QList<Migration> migrate();
    void requireSchema(); // throws Error(Schema) naming the missing table and the command that fixes it

  private:
    void ensureLedger();
    SpatialiteDatabase& m_db;
};

// Opens the existing tracks file `path` and requires its schema (TracksMigrator::requireSchema): how the CLI
// and the console open a file to read, retain or import.
std::unique_ptr<SpatialiteDatabase> openTracksFile(const QString& path);

} // namespace tidemark::tracks
