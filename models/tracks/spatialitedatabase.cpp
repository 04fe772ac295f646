#include "spatialitedatabase.h"

#include "error.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <sqlite3.h>

namespace tidemark::tracks {

SpatialiteDatabase::SpatialiteDatabase(sqlite3* db, QString path) : m_db(db), m_path(std::move(path)) {}

SpatialiteDatabase::~SpatialiteDatabase() {
    sqlite3_close_v2(m_db);
}

std::unique_ptr<SpatialiteDatabase> SpatialiteDatabase::open(const QString& path, Mode mode) {
    const bool exists = QFileInfo(path).isFile();
    if (!exists && mode == Mode::OpenExisting)
        throw Error(Error::Kind::Connection, QStringLiteral("tracks file not found: %1").arg(path));
    if (!exists && !QFileInfo(QFileInfo(path).absolutePath()).isDir())
        throw Error(Error::Kind::Connection,
                    QStringLiteral("cannot create tracks file %1: the folder does not exist").arg(path));
    sqlite3* raw = nullptr;
    const int flags = SQLITE_OPEN_READWRITE | (mode == Mode::CreateIfMissing ? SQLITE_OPEN_CREATE : 0);
    const int rc = sqlite3_open_v2(QFile::encodeName(path).constData(), &raw, flags, nullptr);
    std::unique_ptr<SpatialiteDatabase> db(new SpatialiteDatabase(raw, path));
    if (rc != SQLITE_OK)
        throw Error(Error::Kind::Connection,
                    QStringLiteral("cannot open tracks file %1: %2")
                        .arg(path, QString::fromUtf8(raw ? sqlite3_errmsg(raw) : sqlite3_errstr(rc))));
    sqlite3_busy_timeout(raw, 10000);
    sqlite3_enable_load_extension(raw, 1);
    char* message = nullptr;
    if (sqlite3_load_extension(raw, "mod_spatialite", nullptr, &message) != SQLITE_OK) {
        const QString why = QString::fromUtf8(message ? message : "unknown error");
        sqlite3_free(message);
        throw Error(Error::Kind::Failed, QStringLiteral("cannot load SpatiaLite (mod_spatialite) for %1: %2 "
                                                        "(install libsqlite3-mod-spatialite)")
                                             .arg(path, why));
    }
    sqlite3_enable_load_extension(raw, 0);
    db->exec(QStringLiteral("PRAGMA journal_mode=WAL"));
    if (!db->hasTable(QStringLiteral("spatial_ref_sys"))) {
        // A new file: incremental vacuum must be chosen before the first table exists.
        db->exec(QStringLiteral("PRAGMA auto_vacuum=INCREMENTAL"));
        db->exec(QStringLiteral("SELECT InitSpatialMetadata(1)"));
    }
    return db;
}

void SpatialiteDatabase::exec(const QString& sql) {
    char* message = nullptr;
    if (sqlite3_exec(m_db, sql.toUtf8().constData(), nullptr, nullptr, &message) != SQLITE_OK) {
        const QString why = QString::fromUtf8(message ? message : sqlite3_errmsg(m_db));
        sqlite3_free(message);
        const bool schema = why.contains(QLatin1String("no such table"));
        throw Error(schema ? Error::Kind::Schema : Error::Kind::Failed,
                    QStringLiteral("SQLite %1: %2").arg(m_path, why));
    }
}

SqliteStatement SpatialiteDatabase::prepare(const QString& sql) {
    return SqliteStatement(m_db, sql, m_path);
}

qint64 SpatialiteDatabase::scalar(const QString& sql) {
    SqliteStatement s = prepare(sql);
    return s.step() ? s.toInt64(0) : 0;
}

bool SpatialiteDatabase::hasTable(const QString& name) {
    SqliteStatement s =
        prepare(QStringLiteral("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"));
    s.bind(1, name);
    return s.step();
}

void SpatialiteDatabase::rollback() {
    if (!sqlite3_get_autocommit(m_db))
        sqlite3_exec(m_db, "ROLLBACK", nullptr, nullptr, nullptr);
}

void SpatialiteDatabase::checkpointWal() {
    exec(QStringLiteral("PRAGMA wal_checkpoint(PASSIVE)"));
}

} // namespace tidemark::tracks
