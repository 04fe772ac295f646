#include "sqlitefile.h"

#include "error.h"

#include <QFile>
#include <QFileInfo>
#include <QHashFunctions>
#include <QUrl>
#include <sqlite3.h>

namespace tidemark {

namespace {

// Byte 19 of the header, the read version, is 2 when the file is in WAL mode: SQLite goes by it alone,
// whatever byte 18 (the write version) says.
bool walModeHeader(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray header = file.read(20);
    return header.size() == 20 && header[19] == 2;
}

// What a read-only connection must be given so that it creates nothing beside the file: SQLite opens (and
// creates) the -wal and -shm of a WAL-mode file even for reading, and leaves them behind; without both, no
// connection has the file open, so reading it as immutable (no locks, no -wal or -shm) sees all it holds.
QByteArray readOnlyName(const QString& path, int* flags) {
    *flags = SQLITE_OPEN_READONLY;
    const bool live =
        QFileInfo::exists(path + QStringLiteral("-wal")) && QFileInfo::exists(path + QStringLiteral("-shm"));
    if (live || !walModeHeader(path))
        return QFile::encodeName(path);
    *flags |= SQLITE_OPEN_URI;
    return QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath()).toEncoded() + "?immutable=1";
}

} // namespace

SqliteFile::SqliteFile(const QString& path, Mode mode) : m_path(path) {
    if (mode != Mode::Create && !QFileInfo(path).isFile())
        throw Error(Error::Kind::Connection, QStringLiteral("SQLite file not found: %1").arg(path));
    if (QFileInfo(path).isFile()) {
        const QString problem = headerProblem(path);
        if (!problem.isEmpty())
            throw Error(Error::Kind::Connection,
                        QStringLiteral("cannot open SQLite file %1: %2").arg(path, problem));
    }
    int flags = mode == Mode::Create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READWRITE;
    const QByteArray name = mode == Mode::ReadOnly ? readOnlyName(path, &flags) : QFile::encodeName(path);
    int rc = sqlite3_open_v2(name.constData(), &m_db, flags, nullptr);
    if (rc == SQLITE_OK && (sqlite3_db_config(m_db, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr) != SQLITE_OK ||
                            sqlite3_db_config(m_db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr) != SQLITE_OK))
        rc = SQLITE_ERROR; // never a connection that is not hardened
    if (rc != SQLITE_OK) {
        const QString why = QString::fromUtf8(m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(rc));
        sqlite3_close(m_db);
        throw Error(Error::Kind::Connection, QStringLiteral("cannot open SQLite file %1: %2").arg(path, why));
    }
    sqlite3_busy_timeout(m_db, 5000);
}

QString SqliteFile::headerProblem(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return file.errorString();
    const QByteArray header = file.read(100);
    if (header.isEmpty())
        return {}; // an empty file is an empty database to SQLite
    if (header.size() < 100 || !header.startsWith(QByteArrayLiteral("SQLite format 3\0")))
        return QStringLiteral("not a SQLite database (no SQLite header)");
    const auto u16 = [&](int at) {
        return (static_cast<quint32>(static_cast<quint8>(header[at])) << 8) |
               static_cast<quint8>(header[at + 1]);
    };
    const auto u32 = [&](int at) { return (u16(at) << 16) | u16(at + 2); };
    const qint64 pageSize = u16(16) == 1 ? 65536 : u16(16);
    // The page count in the header is only valid when its version matches the change counter; with a live
    // WAL a checkpoint may be writing the header ahead of the file's growth, so the check is skipped then.
    const bool liveWal = QFileInfo(path + QStringLiteral("-wal")).size() > 0;
    if (!liveWal && u32(92) == u32(24) && u32(28) > 0) {
        const qint64 expected = pageSize * u32(28);
        if (file.size() < expected)
            return QStringLiteral("truncated: the header says %1 bytes, the file has %2")
                .arg(expected)
                .arg(file.size());
    }
    return {};
}

SqliteFile::~SqliteFile() {
    m_cached.clear();
    sqlite3_close(m_db);
}

SqliteStatementUse SqliteFile::cached(const QString& sql) {
    auto it = m_cached.find(sql);
    if (it == m_cached.end())
        it = m_cached.emplace(sql, prepare(sql)).first;
    return SqliteStatementUse(it->second);
}

bool SqliteFile::hasTable(const QString& name) {
    SqliteStatement q =
        prepare(QStringLiteral("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1"));
    q.bind(1, name);
    return q.step();
}

QStringList SqliteFile::columnsOf(const QString& table) {
    SqliteStatement q = prepare(QStringLiteral("SELECT name FROM pragma_table_info(?1) ORDER BY cid"));
    q.bind(1, table);
    QStringList columns;
    while (q.step())
        columns.append(q.text(0));
    return columns;
}

QString SqliteFile::SchemaObject::description() const {
    return name == table ? QStringLiteral("%1 %2").arg(type, name)
                         : QStringLiteral("%1 %2 on %3").arg(type, name, table);
}

QList<SqliteFile::SchemaObject> SqliteFile::schemaObjects() {
    SqliteStatement q = prepare(QStringLiteral("SELECT type, name, tbl_name, sql FROM sqlite_master"));
    QList<SchemaObject> objects;
    while (q.step())
        objects.append({q.text(0), q.text(1), q.text(2), q.text(3)});
    return objects;
}

QString SqliteFile::loadExtension(const char* file) {
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 1, nullptr);
    char* message = nullptr;
    const int rc = sqlite3_load_extension(m_db, file, nullptr, &message);
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    if (rc == SQLITE_OK)
        return {};
    const QString why = QString::fromUtf8(message ? message : "unknown error");
    sqlite3_free(message);
    return why;
}

void SqliteFile::trustSchema() {
    sqlite3_db_config(m_db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 1, nullptr);
}

void SqliteFile::setProgressCheck(std::function<bool()> check) {
    m_progressCheck = std::move(check);
    if (!m_progressCheck) {
        sqlite3_progress_handler(m_db, 0, nullptr, nullptr);
        return;
    }
    sqlite3_progress_handler(
        m_db, kProgressSteps,
        [](void* file) { return static_cast<SqliteFile*>(file)->m_progressCheck() ? 1 : 0; }, this);
}

size_t qHash(const SqliteFile::SchemaObject& object, size_t seed) {
    return qHashMulti(seed, object.type, object.name, object.table, object.sql);
}

} // namespace tidemark
