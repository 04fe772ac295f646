#include "sqlitefile.h"

#include "error.h"

#include <QFile>
#include <QFileInfo>
#include <sqlite3.h>

namespace tidemark {

SqliteFile::SqliteFile(const QString& path, Mode mode) : m_path(path) {
    if (mode != Mode::Create && !QFileInfo(path).isFile())
        throw Error(Error::Kind::Connection, QStringLiteral("SQLite file not found: %1").arg(path));
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
