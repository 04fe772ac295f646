#pragma once

#include "sqlitefile.h"

#include <QString>

namespace tidemark::test {

// A plain SQLite database that is not a tracks file: a table `notes` with two rows, in rollback-journal or
// WAL mode, closed (so nothing is left beside it). Returns the path.
inline QString writeForeignSqliteFile(const QString& path, bool wal) {
    SqliteFile file(path, SqliteFile::Mode::Create);
    if (wal)
        file.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
    file.exec(QStringLiteral("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)"));
    file.exec(QStringLiteral("INSERT INTO notes (body) VALUES ('my own data'), ('not tracks')"));
    return path;
}

} // namespace tidemark::test
