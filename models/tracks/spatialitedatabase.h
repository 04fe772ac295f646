#pragma once

#include "sqlitefile.h"
#include "sqlitestatement.h"

#include <QString>
#include <memory>

struct sqlite3;

namespace tidemark::tracks {

// A connection to a tracks file: a SqliteFile (the one plain opener) with SpatiaLite (mod_spatialite)
// loaded, its spatial metadata initialised (InitSpatialMetadata(1) on a new file), WAL journal mode and a
// busy timeout. One thread only.
class SpatialiteDatabase {
  public:
    enum class Mode { OpenExisting, CreateIfMissing };
    // Throws tidemark::Error(Connection) naming the file when it cannot be opened or created or is not a
    // sound SQLite file (another kind of file, a truncated copy), or (Failed) when SpatiaLite cannot be
    // loaded.
    static std::unique_ptr<SpatialiteDatabase> open(const QString& path, Mode mode = Mode::OpenExisting);

    void exec(const QString& sql);
    SqliteStatement prepare(const QString& sql);
    qint64 scalar(const QString& sql); // the first column of the first row (0 when no row)
    bool hasTable(const QString& name);

    void begin() { exec(QStringLiteral("BEGIN IMMEDIATE")); }
    void commit() { exec(QStringLiteral("COMMIT")); }
    void rollback();
    void checkpointWal(); // PRAGMA wal_checkpoint(PASSIVE)

    QString path() const { return m_file->path(); }
    qint64 databaseBytes() const; // the file's size on disk
    qint64 walBytes() const;      // its -wal file's (0 when absent)
    sqlite3* handle() const { return m_file->handle(); }

  private:
    explicit SpatialiteDatabase(std::unique_ptr<SqliteFile> file);
    std::unique_ptr<SqliteFile> m_file;
};

} // namespace tidemark::tracks
