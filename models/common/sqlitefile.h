#pragma once

#include "sqlitestatement.h"

#include <QString>
#include <QStringList>

struct sqlite3;

namespace tidemark {

// An open plain SQLite file (no extensions) with a busy timeout; closed on destruction, after its
// statements. One thread only. Errors are tidemark::Error naming the file.
class SqliteFile {
  public:
    enum class Mode { ReadOnly, ReadWrite, Create };
    // Error(Connection) naming the file when it cannot be opened (or, with ReadOnly/ReadWrite, does not
    // exist), is not a SQLite database (another kind of file) or is shorter than its header says (a
    // truncated copy).
    SqliteFile(const QString& path, Mode mode);
    SqliteFile(const SqliteFile&) = delete;
    SqliteFile& operator=(const SqliteFile&) = delete;
    ~SqliteFile();

    const QString& path() const { return m_path; }
    sqlite3* handle() const { return m_db; }
    SqliteStatement prepare(const QString& sql) { return SqliteStatement(m_db, sql, m_path); }
    void exec(const QString& sql) { prepare(sql).step(); } // one statement
    bool hasTable(const QString& name);
    QStringList columnsOf(const QString& table); // in order; empty for a missing table

    // The same checks on a file's first bytes and size without opening it; empty when it looks sound.
    static QString headerProblem(const QString& path);

  private:
    sqlite3* m_db = nullptr;
    QString m_path;
};

} // namespace tidemark
