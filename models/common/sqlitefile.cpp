#include "sqlitefile.h"

#include "error.h"

#include <QFile>
#include <QFileInfo>
#include <sqlite3.h>

namespace tidemark {

SqliteFile::SqliteFile(const QString& path, Mode mode) : m_path(path) {
    if (mode != Mode::Create && !QFileInfo(path).isFile())
        throw Error(Error::Kind::Connection, QStringLiteral("SQLite file not found: %1").arg(path));
    if (QFileInfo(path).isFile()) {
        const QString problem = headerProblem(path);
        if (!problem.isEmpty())
            throw Error(Error::Kind::Connection,
                        QStringLiteral("cannot open SQLite file %1: %2").arg(path, problem));
    }
    const int flags = mode == Mode::ReadOnly ? SQLITE_OPEN_READONLY
                      : mode == Mode::Create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
                                             : SQLITE_OPEN_READWRITE;
    const int rc = sqlite3_open_v2(QFile::encodeName(path).constData(), &m_db, flags, nullptr);
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
    sqlite3_close(m_db);
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

} // namespace tidemark
