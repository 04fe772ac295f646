#pragma once

#include "sqlitefile.h"

#include <QList>
#include <QSet>

namespace tidemark::tracks {

// Every schema object (a row of sqlite_master: type, name, table and SQL text) a tracks file may hold: what
// SpatiaLite's InitSpatialMetadata and each of Tidemark's tracks migrations create (the tables and indexes,
// the geometry column's triggers of AddGeometryColumn, the R-tree and its triggers of CreateSpatialIndex, the
// migrations ledger), and ANALYZE's statistics tables. Built once per process in an in-memory SpatiaLite
// database by this build's SpatiaLite and migrations, so an object whose SQL text differs (also one written
// by another SpatiaLite version) is not in it.
class TracksSchemaReference {
  public:
    // Built on first use (some 20 ms); safe to call from any thread. Throws Error(Failed) when SpatiaLite
    // cannot be loaded.
    static const TracksSchemaReference& instance();

    bool contains(const SqliteFile::SchemaObject& object) const { return m_objects.contains(object); }
    // The objects of `file`'s schema that are not in the reference, in sqlite_master's order.
    QList<SqliteFile::SchemaObject> foreignObjectsOf(SqliteFile& file) const;

  private:
    TracksSchemaReference();
    QSet<SqliteFile::SchemaObject> m_objects;
};

} // namespace tidemark::tracks
