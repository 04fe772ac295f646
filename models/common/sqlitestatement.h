#pragma once

#include <QByteArray>
#include <QString>

struct sqlite3;
struct sqlite3_stmt;

namespace tidemark {

// One prepared SQLite statement (owns the sqlite3_stmt). Parameters are 1-based, columns 0-based.
class SqliteStatement {
  public:
    SqliteStatement(sqlite3* db, const QString& sql, const QString& where);
    SqliteStatement(SqliteStatement&& other) noexcept;
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;
    ~SqliteStatement();

    SqliteStatement& bind(int index, const QString& value);
    SqliteStatement& bind(int index, const QByteArray& utf8);
    SqliteStatement& bind(int index, const char* utf8, qsizetype length); // copied, as the others
    SqliteStatement& bind(int index, qint64 value);
    SqliteStatement& bind(int index, int value) { return bind(index, static_cast<qint64>(value)); }
    SqliteStatement& bind(int index, double value);
    SqliteStatement& bindNull(int index);
    SqliteStatement& bindBlob(int index, const QByteArray& bytes); // copied

    bool step();  // true while there is a row; throws tidemark::Error on failure
    void reset(); // for the next execution with new bindings
    bool isNull(int column) const;
    QString text(int column) const;
    qint64 toInt64(int column) const;
    double toDouble(int column) const;
    QByteArray blob(int column) const; // a copy of the column's bytes

  private:
    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_statement = nullptr;
    QString m_where;
};

// One use of a statement a connection keeps prepared (SqliteFile::cached): reset, with its bindings cleared,
// when the use ends, so that a read left between rows holds no snapshot (which would stop a WAL checkpoint).
class SqliteStatementUse {
  public:
    explicit SqliteStatementUse(SqliteStatement& statement) : m_statement(statement) {}
    SqliteStatementUse(const SqliteStatementUse&) = delete;
    SqliteStatementUse& operator=(const SqliteStatementUse&) = delete;
    ~SqliteStatementUse() { m_statement.reset(); }
    SqliteStatement& operator*() const { return m_statement; }
    SqliteStatement* operator->() const { return &m_statement; }

  private:
    SqliteStatement& m_statement;
};

} // namespace tidemark
