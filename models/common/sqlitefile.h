#pragma once

#include "sqlitestatement.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <functional>
#include <map>

struct sqlite3;

namespace tidemark {

// An open plain SQLite file (no extensions unless loaded) with a busy timeout; closed on destruction, after
// its statements. One thread only. Errors are tidemark::Error naming the file.
//
// Every connection is hardened before its first statement: SQLITE_DBCONFIG_DEFENSIVE (no writable_schema, no
// writes to shadow tables from SQL) and SQLITE_DBCONFIG_TRUSTED_SCHEMA off, so the file's own triggers,
// views, CHECKs and defaults cannot call functions or virtual tables not marked innocuous (SpatiaLite's are
// not). trustSchema() lifts the second once the caller has proven every object of the schema its own.
class SqliteFile {
  public:
    // ReadOnly creates and changes nothing: not the file, and no -journal, -wal or -shm beside it. A file in
    // WAL mode without both of its -wal and -shm files (no connection has it open) is read as immutable,
    // since SQLite would otherwise create them and leave them behind; with them (a live file) it is read
    // through them.
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
    // The statement of `sql` prepared once for the connection's life, for a statement run once a row (an
    // import's): parsing and planning it cost more than running it on one row.
    SqliteStatementUse cached(const QString& sql);
    bool hasTable(const QString& name);
    QStringList columnsOf(const QString& table); // in order; empty for a missing table

    // One row of sqlite_master.
    struct SchemaObject {
        QString type, name, table, sql; // sql is null for SQLite's automatic indexes
        bool operator==(const SchemaObject& other) const = default;
        QString description() const; // "trigger audit on tracks"
    };
    QList<SchemaObject> schemaObjects(); // every row of sqlite_master, in its order

    // Loads the extension `file` through the C API (the SQL function load_extension() stays off); returns why
    // it could not, empty when loaded.
    QString loadExtension(const char* file);
    // From now on the schema's triggers and views may call any function: only for a schema proven to be the
    // caller's own.
    void trustSchema();

    // Calls `check` every kProgressSteps steps of SQLite's virtual machine, in every statement of the
    // connection (loading the schema included); when it returns true the statement stops and its step() (or
    // prepare) throws Error naming the file ("interrupted"). What bounds the time a statement on an outside
    // file may take. An empty function removes the check.
    static constexpr int kProgressSteps = 1000;
    void setProgressCheck(std::function<bool()> check);

    // The same checks on a file's first bytes and size without opening it; empty when it looks sound.
    static QString headerProblem(const QString& path);

  private:
    sqlite3* m_db = nullptr;
    QString m_path;
    std::map<QString, SqliteStatement> m_cached; // finalized before the connection closes
    std::function<bool()> m_progressCheck;
};

size_t qHash(const SqliteFile::SchemaObject& object, size_t seed = 0);

} // namespace tidemark
