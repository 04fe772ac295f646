#include "spatialitedatabase.h"

#include "tracksfilecheck.h"

#include "error.h"

#include <QFileInfo>
#include <sqlite3.h>

namespace tidemark::tracks {

SpatialiteDatabase::SpatialiteDatabase(std::unique_ptr<SqliteFile> file) : m_file(std::move(file)) {}

std::unique_ptr<SpatialiteDatabase> SpatialiteDatabase::withSpatialite(const QString& path,
                                                                       SqliteFile::Mode mode) {
    std::unique_ptr<SpatialiteDatabase> db(new SpatialiteDatabase(std::make_unique<SqliteFile>(path, mode)));
    sqlite3_busy_timeout(db->handle(), 10000);
    const QString why = db->m_file->loadExtension("mod_spatialite");
    if (!why.isEmpty())
        throw Error(Error::Kind::Failed, QStringLiteral("cannot load SpatiaLite (mod_spatialite) for %1: %2 "
                                                        "(install libsqlite3-mod-spatialite)")
                                             .arg(path, why));
    return db;
}

std::unique_ptr<SpatialiteDatabase> SpatialiteDatabase::open(const QString& path, Mode mode) {
    const bool exists = QFileInfo(path).isFile();
    if (!exists && mode != Mode::CreateIfMissing)
        throw Error(Error::Kind::Connection, QStringLiteral("tracks file not found: %1").arg(path));
    if (!exists && !QFileInfo(QFileInfo(path).absolutePath()).isDir())
        throw Error(Error::Kind::Connection,
                    QStringLiteral("cannot create tracks file %1: the folder does not exist").arg(path));
    if (exists) {
        // Before anything is written (journal_mode, auto_vacuum and InitSpatialMetadata all write) and before
        // SpatiaLite is loaded: a read-only look.
        const TracksFileCheck check = TracksFileCheck::read(path);
        if (mode != Mode::CreateIfMissing)
            check.requireTracksFile();
        else
            check.requireMigratable();
    }
    const SqliteFile::Mode fileMode = mode == Mode::CreateIfMissing ? SqliteFile::Mode::Create
                                      : mode == Mode::ReadOnly      ? SqliteFile::Mode::ReadOnly
                                                                    : SqliteFile::Mode::ReadWrite;
    std::unique_ptr<SpatialiteDatabase> db = withSpatialite(path, fileMode);
    try {
        // Again through this connection (it also reads a -wal that the read-only look may not have), and only
        // then trusted: SpatiaLite's triggers on tracks call its functions, which an untrusted schema may
        // not.
        TracksFileCheck::read(db->file()).requireMigratable();
        db->m_file->trustSchema();
        if (mode == Mode::ReadOnly)
            return db;
        const bool fresh = !db->hasTable(QStringLiteral("spatial_ref_sys"));
        // Incremental vacuum must be chosen before the file's first page is written, which switching to
        // WAL already does.
        if (fresh && db->scalar(QStringLiteral("PRAGMA page_count")) == 0)
            db->exec(QStringLiteral("PRAGMA auto_vacuum=INCREMENTAL"));
        db->exec(QStringLiteral("PRAGMA journal_mode=WAL"));
        if (fresh)
            db->exec(QStringLiteral("SELECT InitSpatialMetadata(1)"));
    } catch (const Error& e) {
        if (e.kind() != Error::Kind::Failed)
            throw;
        // Damage the header check cannot see (e.g. a malformed schema page) shows on the first statement.
        throw Error(Error::Kind::Connection,
                    QStringLiteral("cannot open tracks file %1: %2").arg(path, e.message()));
    }
    return db;
}

std::unique_ptr<SpatialiteDatabase> SpatialiteDatabase::openInMemory() {
    std::unique_ptr<SpatialiteDatabase> db =
        withSpatialite(QStringLiteral(":memory:"), SqliteFile::Mode::Create);
    db->m_file->trustSchema(); // nothing in it but what this process creates
    db->exec(QStringLiteral("SELECT InitSpatialMetadata(1, 'WGS84_ONLY')"));
    return db;
}

qint64 SpatialiteDatabase::databaseBytes() const {
    return QFileInfo(path()).size();
}

qint64 SpatialiteDatabase::walBytes() const {
    return QFileInfo(path() + QStringLiteral("-wal")).size();
}

void SpatialiteDatabase::exec(const QString& sql) {
    char* message = nullptr;
    if (sqlite3_exec(handle(), sql.toUtf8().constData(), nullptr, nullptr, &message) != SQLITE_OK) {
        const QString why = QString::fromUtf8(message ? message : sqlite3_errmsg(handle()));
        sqlite3_free(message);
        const bool schema = why.contains(QLatin1String("no such table"));
        throw Error(schema ? Error::Kind::Schema : Error::Kind::Failed,
                    QStringLiteral("SQLite %1: %2").arg(path(), why));
    }
}

SqliteStatement SpatialiteDatabase::prepare(const QString& sql) {
    return m_file->prepare(sql);
}

qint64 SpatialiteDatabase::scalar(const QString& sql) {
    SqliteStatement s = prepare(sql);
    return s.step() ? s.toInt64(0) : 0;
}

bool SpatialiteDatabase::hasTable(const QString& name) {
    return m_file->hasTable(name);
}

void SpatialiteDatabase::rollback() {
    if (!sqlite3_get_autocommit(handle()))
        sqlite3_exec(handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void SpatialiteDatabase::beginRead() {
    exec(QStringLiteral("PRAGMA query_only = ON"));
    exec(QStringLiteral("BEGIN DEFERRED"));
}

void SpatialiteDatabase::endRead() {
    rollback();
    sqlite3_exec(handle(), "PRAGMA query_only = OFF", nullptr, nullptr, nullptr);
}

void SpatialiteDatabase::checkpointWal() {
    exec(QStringLiteral("PRAGMA wal_checkpoint(PASSIVE)"));
}

} // namespace tidemark::tracks
