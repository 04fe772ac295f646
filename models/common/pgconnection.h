#pragma once

#include "timestamp.h"

#include <QByteArray>
#include <QSet>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

struct pg_conn;
struct pg_result;

namespace tidemark {

// One SQL parameter in text form; std::nullopt is NULL.
class PgParam {
  public:
    PgParam(std::nullopt_t) {}
    PgParam(const QString& v) : m_value(v.toUtf8()) {}
    PgParam(const char* v) : m_value(QByteArray(v)) {}
    PgParam(const QByteArray& v) : m_value(v) {}
    PgParam(long long v) : m_value(QByteArray::number(v)) {}
    PgParam(long v) : m_value(QByteArray::number(static_cast<long long>(v))) {}
    PgParam(int v) : m_value(QByteArray::number(v)) {}
    PgParam(double v) : m_value(QByteArray::number(v, 'g', 17)) {}
    PgParam(bool v) : m_value(v ? QByteArray("true") : QByteArray("false")) {}
    const std::optional<QByteArray>& value() const { return m_value; }

  private:
    std::optional<QByteArray> m_value;
};

// A query result (owns the PGresult). Values are text unless the query asked for binary.
class PgResult {
  public:
    explicit PgResult(pg_result* result);
    PgResult(PgResult&&) noexcept;
    PgResult& operator=(PgResult&&) noexcept;
    ~PgResult();

    int rows() const;
    int columns() const;
    int column(const char* name) const; // -1 when absent
    bool isNull(int row, int col) const;
    const char* raw(int row, int col) const;
    int length(int row, int col) const;
    QString text(int row, int col) const;
    long long toLong(int row, int col) const;
    double toDouble(int row, int col) const;
    bool toBool(int row, int col) const;
    long long affectedRows() const;

  private:
    pg_result* m_result = nullptr;
};

// One statement of PgConnection::execPipelined: SQL with parameters, or with `prepared` the named statement
// of that SQL (prepared in the flight the first time, then reused).
struct PgStatement {
    PgStatement(QString sql_, std::vector<PgParam> params_ = {}, QByteArray prepared_ = {},
                bool binary_ = false)
        : sql(std::move(sql_)), params(std::move(params_)), prepared(std::move(prepared_)), binary(binary_) {}
    QString sql;
    std::vector<PgParam> params;
    QByteArray prepared;
    bool binary = false; // results in the binary send format
};

// A libpq connection (owns the PGconn). Used on one thread only. Every failure throws tidemark::Error with
// the server named (host, port, database), never the password.
class PgConnection {
  public:
    // conninfo: a libpq connection string, a URI or "service=NAME"; libpq's PG* variables, ~/.pgpass and
    // ~/.pg_service.conf apply as libpq defines them. applicationName tags the session in pg_stat_activity.
    static std::unique_ptr<PgConnection> open(const QString& conninfo,
                                              const QString& applicationName = QStringLiteral("tidemark"));
    ~PgConnection();

    enum class Format { Text, Binary };
    // Results come as text, or in PostgreSQL's binary send format with Format::Binary.
    PgResult exec(const QString& sql, const std::vector<PgParam>& params = {}, Format format = Format::Text);
    // A named server-side statement of this connection (planned once, executed many times).
    void prepare(const QByteArray& name, const QString& sql, int paramCount);
    bool isPrepared(const QByteArray& name) const;
    PgResult execPrepared(const QByteArray& name, const std::vector<PgParam>& params);
    // Several statements in one round trip (libpq's pipeline mode, one sync): sent together, run by the
    // server one after the other as if sent one at a time (each READ COMMITTED statement takes its snapshot
    // when it starts, after the statements before it), their results returned in order. When one fails, the
    // server skips those after it (a transaction they opened stays aborted until its ROLLBACK) and this
    // throws the first failure, as exec() would.
    std::vector<PgResult> execPipelined(const std::vector<PgStatement>& statements);
    // Inside a transaction block (also one that failed and waits for ROLLBACK).
    bool inTransaction() const;
    // ROLLBACK that never throws (cleanup paths; a dead connection has nothing to roll back).
    void rollbackQuietly();
    int backendPid() const;
    // Several statements in one simple-query round trip (migrations); no parameters.
    void execScript(const QString& sql, const QString& what = {});
    bool tryAdvisoryLock(long long key);
    // pg_advisory_xact_lock: waits for the key and holds it until the open transaction ends.
    void advisoryXactLock(long long key);
    // Whether a table (or other relation) of that plain name exists on the search path (the name is quoted).
    bool relationExists(const QString& name);
    void advisoryUnlock(long long key);
    // The server's now() (the start of its current transaction), in microseconds since the epoch: the
    // clock every age decision is compared with (ClockCheck).
    Micros serverNow();

    // "host:port/dbname" for messages.
    QString describe() const;
    // Streams COPY ... TO STDOUT rows (text or binary, as the statement says) to `sink`, one buffer per row.
    template <typename Sink> void copyOut(const QString& sql, Sink&& sink);

    QString lastErrorMessage() const;

    // The keyword / value pairs that libpq reads from a connection string or URI (only those set, in
    // libpq's keyword order); throws Error(Usage) with libpq's message when it cannot be parsed.
    static std::vector<std::pair<QString, QString>> parseConninfo(const QString& conninfo);
    // libpq's version, e.g. 150010 for 15.10.
    static int libraryVersion();

    // COPY ... FROM STDIN: beginCopyIn starts it, putCopyData sends any number of chunks (text or binary, as
    // the statement says), endCopyIn finishes and throws on a server-side error; abortCopyIn cancels it.
    void beginCopyIn(const QString& sql);
    void putCopyData(const char* data, int length);
    void putCopyData(const QByteArray& data) { putCopyData(data.constData(), static_cast<int>(data.size())); }
    long long endCopyIn(); // rows copied
    void abortCopyIn(const QString& reason);
    // The three as one: `send` puts the data; an Error it throws aborts the COPY with its message and is
    // rethrown. Returns the rows copied.
    long long copyIn(const QString& sql, const std::function<void()>& send);

  private:
    explicit PgConnection(pg_conn* conn);
    void startCopyOut(const QString& sql);
    // Returns the length of the next row (buffer in *row, freed by the next call), -1 at the end.
    int nextCopyRow(char** row);
    // Reads and drops the rest of a COPY TO STDOUT after the sink failed, so that the connection stays
    // usable.
    void drainCopyOut() noexcept;
    [[noreturn]] void failFrom(pg_result* result, const QString& sql);
    pg_conn* m_conn = nullptr;
    char* m_copyBuffer = nullptr;
    QSet<QByteArray> m_prepared;
};

template <typename Sink> void PgConnection::copyOut(const QString& sql, Sink&& sink) {
    startCopyOut(sql);
    char* row = nullptr;
    for (int len; (len = nextCopyRow(&row)) >= 0;) {
        try {
            sink(row, len);
        } catch (...) {
            drainCopyOut();
            throw;
        }
    }
}

// A value of a libpq key=value connection string: as it is, or single-quoted with its quotes and
// backslashes escaped when it is empty or holds one of them or a space.
QString pgConninfoValue(const QString& value);
// Quotes an SQL identifier ("name" with inner quotes doubled).
QString pgQuoteIdentifier(const QString& name);
// A `timestamp` (UTC) literal built from an integer only, for statements that take no parameters (COPY).
QString pgTimestampLiteral(long long micros);
// An array parameter ("{a,b}") of items that need no quoting: numbers, uuids, ISO-8601 instants.
QString pgPlainArray(const QStringList& items);

} // namespace tidemark
