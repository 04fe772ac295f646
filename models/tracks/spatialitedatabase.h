#pragma once

#include "sqlitestatement.h"

#include <QString>
#include <memory>

struct sqlite3;

namespace tidemark::tracks {

// A connection to a tracks file with SpatiaLite (mod_spatialite) loaded, its spatial metadata initialised
// (InitSpatialMetadata(1) on a new file), WAL journal mode and a busy timeout. One thread only.
class SpatialiteDatabase {
  public:
    enum class Mode { OpenExisting, CreateIfMissing };
    // Throws tidemark::Error(Connection) naming the file when it cannot be opened or created, or
    // (Failed) when SpatiaLite cannot be loaded.
    static std::unique_ptr<SpatialiteDatabase> open(const QString& path, Mode mode = Mode::OpenExisting);
    ~SpatialiteDatabase();

    void exec(const QString& sql);
    SqliteStatement prepare(const QString& sql);
    qint64 scalar(const QString& sql); // the first column of the first row (0 when no row)
    bool hasTable(const QString& name);

    void begin() { exec(QStringLiteral("BEGIN IMMEDIATE")); }
    void commit() { exec(QStringLiteral("COMMIT")); }
    void rollback();
    void checkpointWal(); // PRAGMA wal_checkpoint(PASSIVE)

    QString path() const { return m_path; }
    sqlite3* handle() const { return m_db; }

  private:
    SpatialiteDatabase(sqlite3* db, QString path);
    sqlite3* m_db = nullptr;
    QString m_path;
};

} // namespace tidemark::tracks
