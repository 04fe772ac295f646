#pragma once

#include "schemamigrator.h"
#include "sqlitefile.h"

#include <QList>
#include <QString>

namespace tidemark::tracks {

// Whether a SQLite file is a tracks file, read without writing anything and without SpatiaLite: the tracks
// schema's status (the migrations ledger's version, the missing tables) and the schema objects that neither
// Tidemark's migrations nor SpatiaLite create (TracksSchemaReference). Every opening of an existing tracks
// file reads it first (SpatialiteDatabase::open), and `tracks status` prints it.
class TracksFileCheck {
  public:
    // A read-only look at `path` (SqliteFile::Mode::ReadOnly): creates and changes nothing, runs nothing of
    // the file's. Error(Connection) for a file SQLite cannot read (not a database, truncated, malformed).
    static TracksFileCheck read(const QString& path);
    // The same through an open connection (whose schema is not trusted yet).
    static TracksFileCheck read(SqliteFile& file);

    const QString& path() const { return m_path; }
    const SchemaStatus& status() const { return m_status; }
    const QList<SqliteFile::SchemaObject>& foreignObjects() const { return m_foreign; }
    QStringList foreignDescriptions() const; // "trigger audit on tracks", ...

    // Throws, in this order: Error(Schema) naming the first missing table (and, for another database, an
    // object of its own); Error(Refused) for a schema newer than this Tidemark knows; Error(Refused) naming
    // the first foreign object.
    void requireTracksFile() const;
    // The same without the missing tables: a file that tracks init may make (or keep) a tracks file.
    void requireMigratable() const;

  private:
    explicit TracksFileCheck(QString path) : m_path(std::move(path)) {}
    void requireOwnObjects(const QString& what) const;

    QString m_path;
    SchemaStatus m_status;
    QList<SqliteFile::SchemaObject> m_foreign;
};

} // namespace tidemark::tracks
