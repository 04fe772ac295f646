#include "pgconnection.h"

#include "error.h"
#include "sqlstate.h"

#include <libpq-fe.h>

#include <QRegularExpression>

namespace tidemark {

PgResult::PgResult(pg_result* result) : m_result(result) {}
PgResult::PgResult(PgResult&& other) noexcept : m_result(other.m_result) {
    other.m_result = nullptr;
}
PgResult& PgResult::operator=(PgResult&& other) noexcept {
    if (this != &other) {
        if (m_result)
            PQclear(m_result);
        m_result = other.m_result;
        other.m_result = nullptr;
    }
    return *this;
}
PgResult::~PgResult() {
    if (m_result)
        PQclear(m_result);
}
int PgResult::rows() const {
    return PQntuples(m_result);
}
int PgResult::columns() const {
    return PQnfields(m_result);
}
int PgResult::column(const char* name) const {
    return PQfnumber(m_result, name);
}
bool PgResult::isNull(int row, int col) const {
    return PQgetisnull(m_result, row, col);
}
const char* PgResult::raw(int row, int col) const {
    return PQgetvalue(m_result, row, col);
}
int PgResult::length(int row, int col) const {
    return PQgetlength(m_result, row, col);
}
QString PgResult::text(int row, int col) const {
    return QString::fromUtf8(raw(row, col), length(row, col));
}
long long PgResult::toLong(int row, int col) const {
    return std::strtoll(raw(row, col), nullptr, 10);
}
double PgResult::toDouble(int row, int col) const {
    return std::strtod(raw(row, col), nullptr);
}
bool PgResult::toBool(int row, int col) const {
    return raw(row, col)[0] == 't';
}
long long PgResult::affectedRows() const {
    const char* n = PQcmdTuples(m_result);
    return n && *n ? std::strtoll(n, nullptr, 10) : 0;
}

PgConnection::PgConnection(pg_conn* conn) : m_conn(conn) {}

PgConnection::~PgConnection() {
    if (m_copyBuffer)
        PQfreemem(m_copyBuffer);
    if (m_conn)
        PQfinish(m_conn);
}

namespace {
QString oneLine(const char* message) {
    return QString::fromUtf8(message).trimmed().replace(QLatin1Char('\n'), QLatin1String("; "));
}
} // namespace

std::unique_ptr<PgConnection> PgConnection::open(const QString& conninfo, const QString& applicationName) {
    const QByteArray info = conninfo.toUtf8();
    const QByteArray app = applicationName.toUtf8();
    const char* keys[] = {"dbname", "application_name", "connect_timeout", nullptr};
    const char* values[] = {info.constData(), app.constData(), "10", nullptr};
    // expand_dbname=1: the first dbname value is parsed as a full connection string or URI.
    PGconn* conn = PQconnectdbParams(keys, values, 1);
    if (!conn)
        throw Error(Error::Kind::Connection, QStringLiteral("PostgreSQL: out of memory while connecting"));
    if (PQstatus(conn) != CONNECTION_OK) {
        QString where;
        const char* host = PQhost(conn);
        const char* port = PQport(conn);
        const char* db = PQdb(conn);
        where = QStringLiteral("%1:%2/%3")
                    .arg(QString::fromUtf8(host && *host ? host : "(default)"),
                         QString::fromUtf8(port ? port : ""), QString::fromUtf8(db ? db : ""));
        const QString message = oneLine(PQerrorMessage(conn));
        PQfinish(conn);
        throw Error(Error::Kind::Connection,
                    QStringLiteral("cannot connect to PostgreSQL at %1: %2").arg(where, message));
    }
    PQsetNoticeProcessor(
        conn, [](void*, const char*) {}, nullptr);
    auto connection = std::unique_ptr<PgConnection>(new PgConnection(conn));
    connection->execScript(QStringLiteral("SET TimeZone = 'UTC'; SET DateStyle = 'ISO, YMD';"
                                          "SET extra_float_digits = 3;"));
    return connection;
}

QString PgConnection::describe() const {
    const char* host = PQhost(m_conn);
    return QStringLiteral("%1:%2/%3")
        .arg(QString::fromUtf8(host && *host ? host : "(socket)"), QString::fromUtf8(PQport(m_conn)),
             QString::fromUtf8(PQdb(m_conn)));
}

QString PgConnection::lastErrorMessage() const {
    return oneLine(PQerrorMessage(m_conn));
}

void PgConnection::failFrom(pg_result* result, const QString& sql) {
    const QString message = result ? oneLine(PQresultErrorMessage(result)) : lastErrorMessage();
    // Copied before PQclear: the field points into the result.
    const QByteArray state = result ? QByteArray(PQresultErrorField(result, PG_DIAG_SQLSTATE)) : QByteArray();
    if (result)
        PQclear(result);
    Error::Kind kind = Error::Kind::Failed;
    if (PQstatus(m_conn) != CONNECTION_OK)
        kind = Error::Kind::Connection;
    else if (SqlState::isSchemaMismatch(state))
        kind = Error::Kind::Schema;
    Q_UNUSED(sql);
    throw Error(kind, QStringLiteral("PostgreSQL %1: %2").arg(describe(), message), state);
}

namespace {
std::vector<const char*> rawValues(const std::vector<PgParam>& params) {
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const PgParam& p : params)
        values.push_back(p.value() ? p.value()->constData() : nullptr);
    return values;
}
} // namespace

PgResult PgConnection::exec(const QString& sql, const std::vector<PgParam>& params, Format format) {
    const QByteArray query = sql.toUtf8();
    const std::vector<const char*> values = rawValues(params);
    PGresult* result = PQexecParams(m_conn, query.constData(), static_cast<int>(params.size()), nullptr,
                                    values.data(), nullptr, nullptr, format == Format::Binary ? 1 : 0);
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        failFrom(result, sql);
    return PgResult(result);
}

std::vector<PgResult> PgConnection::execPipelined(const std::vector<PgStatement>& statements) {
    if (statements.empty())
        return {};
    if (PQenterPipelineMode(m_conn) != 1)
        failFrom(nullptr, statements.front().sql);
    // A named statement not yet prepared is prepared in the flight, inside whatever transaction it opens
    // (so under its lock timeout): a result more to read before the statement's.
    std::vector<bool> parsed(statements.size(), false);
    bool sent = true;
    for (size_t i = 0; i < statements.size() && sent; ++i) {
        const PgStatement& statement = statements[i];
        const std::vector<const char*> values = rawValues(statement.params);
        const int count = static_cast<int>(values.size());
        const int format = statement.binary ? 1 : 0;
        if (statement.prepared.isEmpty()) {
            sent = PQsendQueryParams(m_conn, statement.sql.toUtf8().constData(), count, nullptr,
                                     values.data(), nullptr, nullptr, format) == 1;
            continue;
        }
        if (!m_prepared.contains(statement.prepared)) {
            parsed[i] = true;
            sent = PQsendPrepare(m_conn, statement.prepared.constData(), statement.sql.toUtf8().constData(),
                                 count, nullptr) == 1;
        }
        sent = sent && PQsendQueryPrepared(m_conn, statement.prepared.constData(), count, values.data(),
                                           nullptr, nullptr, format) == 1;
    }
    if (!sent || PQpipelineSync(m_conn) != 1) {
        const QString message = lastErrorMessage();
        PQexitPipelineMode(m_conn); // fails while results wait; the connection is lost then anyway
        throw Error(PQstatus(m_conn) == CONNECTION_OK ? Error::Kind::Failed : Error::Kind::Connection,
                    QStringLiteral("PostgreSQL %1: %2").arg(describe(), message));
    }
    std::vector<PgResult> results;
    results.reserve(statements.size());
    PGresult* failed = nullptr;
    size_t failedAt = 0;
    // One command's result and the NULL after it: whether it succeeded, nothing when the connection is gone.
    auto next = [&](size_t i, bool keep) -> std::optional<bool> {
        PGresult* result = PQgetResult(m_conn);
        if (!result)
            return std::nullopt;
        const ExecStatusType status = PQresultStatus(result);
        const bool ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
        if (ok && keep) {
            results.emplace_back(result);
        } else if (!ok && !failed && status != PGRES_PIPELINE_ABORTED) {
            failed = result;
            failedAt = i;
        } else {
            PQclear(result);
        }
        while (PGresult* rest = PQgetResult(m_conn))
            PQclear(rest);
        return ok;
    };
    bool lost = false;
    for (size_t i = 0; i < statements.size() && !lost; ++i) {
        if (parsed[i]) {
            const std::optional<bool> ok = next(i, false);
            lost = !ok;
            if (ok.value_or(false))
                m_prepared.insert(statements[i].prepared);
        }
        lost = lost || !next(i, true);
    }
    while (!lost) { // the sync's own result
        PGresult* sync = PQgetResult(m_conn);
        lost = !sync;
        const bool done = sync && PQresultStatus(sync) == PGRES_PIPELINE_SYNC;
        PQclear(sync);
        if (done)
            break;
    }
    PQexitPipelineMode(m_conn);
    if (failed)
        failFrom(failed, statements[failedAt].sql);
    if (lost || results.size() != statements.size())
        failFrom(nullptr, statements.front().sql);
    return results;
}

void PgConnection::prepare(const QByteArray& name, const QString& sql, int paramCount) {
    PGresult* result = PQprepare(m_conn, name.constData(), sql.toUtf8().constData(), paramCount, nullptr);
    if (!result || PQresultStatus(result) != PGRES_COMMAND_OK)
        failFrom(result, sql);
    PQclear(result);
    m_prepared.insert(name);
}

bool PgConnection::isPrepared(const QByteArray& name) const {
    return m_prepared.contains(name);
}

PgResult PgConnection::execPrepared(const QByteArray& name, const std::vector<PgParam>& params) {
    const std::vector<const char*> values = rawValues(params);
    PGresult* result = PQexecPrepared(m_conn, name.constData(), static_cast<int>(values.size()),
                                      values.data(), nullptr, nullptr, 0);
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
        failFrom(result, QString::fromLatin1(name));
    return PgResult(result);
}

bool PgConnection::inTransaction() const {
    const PGTransactionStatusType status = PQtransactionStatus(m_conn);
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR || status == PQTRANS_ACTIVE;
}

void PgConnection::rollbackQuietly() {
    if (PGresult* result = PQexec(m_conn, "ROLLBACK"))
        PQclear(result);
}

int PgConnection::backendPid() const {
    return PQbackendPID(m_conn);
}

std::vector<std::pair<QString, QString>> PgConnection::parseConninfo(const QString& conninfo) {
    char* error = nullptr;
    PQconninfoOption* options = PQconninfoParse(conninfo.toUtf8().constData(), &error);
    if (!options) {
        const QString message = error ? oneLine(error) : QStringLiteral("out of memory");
        if (error)
            PQfreemem(error);
        throw Error(Error::Kind::Usage,
                    QStringLiteral("not a PostgreSQL connection string: %1").arg(message));
    }
    std::vector<std::pair<QString, QString>> values;
    for (const PQconninfoOption* option = options; option->keyword; ++option)
        if (option->val)
            values.emplace_back(QString::fromUtf8(option->keyword), QString::fromUtf8(option->val));
    PQconninfoFree(options);
    return values;
}

int PgConnection::libraryVersion() {
    return PQlibVersion();
}

void PgConnection::execScript(const QString& sql, const QString& what) {
    if (!PQsendQuery(m_conn, sql.toUtf8().constData()))
        failFrom(nullptr, sql);
    PGresult* failed = nullptr;
    while (PGresult* r = PQgetResult(m_conn)) {
        const ExecStatusType status = PQresultStatus(r);
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_EMPTY_QUERY &&
            !failed) {
            failed = r;
            continue;
        }
        PQclear(r);
    }
    if (failed) {
        if (what.isEmpty())
            failFrom(failed, sql);
        const QString message = oneLine(PQresultErrorMessage(failed));
        PQclear(failed);
        throw Error(Error::Kind::Failed,
                    QStringLiteral("PostgreSQL %1: %2: %3").arg(describe(), what, message));
    }
}

bool PgConnection::tryAdvisoryLock(long long key) {
    return exec(QStringLiteral("SELECT pg_try_advisory_lock($1::bigint)"), {key}).toBool(0, 0);
}

void PgConnection::advisoryXactLock(long long key) {
    exec(QStringLiteral("SELECT pg_advisory_xact_lock($1::bigint)"), {key});
}

bool PgConnection::relationExists(const QString& name) {
    return !exec(QStringLiteral("SELECT to_regclass($1)"), {pgQuoteIdentifier(name)}).isNull(0, 0);
}

void PgConnection::advisoryUnlock(long long key) {
    exec(QStringLiteral("SELECT pg_advisory_unlock($1::bigint)"), {key});
}

Micros PgConnection::serverNow() {
    return exec(QStringLiteral("SELECT (extract(epoch FROM now()) * 1000000)::bigint")).toLong(0, 0);
}

void PgConnection::startCopyOut(const QString& sql) {
    PGresult* result = PQexec(m_conn, sql.toUtf8().constData());
    if (!result || PQresultStatus(result) != PGRES_COPY_OUT)
        failFrom(result, sql);
    PQclear(result);
}

void PgConnection::drainCopyOut() noexcept {
    if (m_copyBuffer) {
        PQfreemem(m_copyBuffer);
        m_copyBuffer = nullptr;
    }
    char* buffer = nullptr;
    while (PQgetCopyData(m_conn, &buffer, 0) >= 0) {
        PQfreemem(buffer);
        buffer = nullptr;
    }
    while (PGresult* result = PQgetResult(m_conn))
        PQclear(result);
}

int PgConnection::nextCopyRow(char** row) {
    if (m_copyBuffer) {
        PQfreemem(m_copyBuffer);
        m_copyBuffer = nullptr;
    }
    const int len = PQgetCopyData(m_conn, &m_copyBuffer, 0);
    if (len >= 0) {
        *row = m_copyBuffer;
        return len;
    }
    if (len == -2)
        failFrom(nullptr, {});
    PGresult* result = PQgetResult(m_conn);
    if (result && PQresultStatus(result) != PGRES_COMMAND_OK)
        failFrom(result, {});
    if (result)
        PQclear(result);
    while (PGresult* extra = PQgetResult(m_conn))
        PQclear(extra);
    return -1;
}

void PgConnection::beginCopyIn(const QString& sql) {
    PGresult* result = PQexec(m_conn, sql.toUtf8().constData());
    if (!result || PQresultStatus(result) != PGRES_COPY_IN)
        failFrom(result, sql);
    PQclear(result);
}

void PgConnection::putCopyData(const char* data, int length) {
    if (length > 0 && PQputCopyData(m_conn, data, length) != 1)
        failFrom(nullptr, {});
}

long long PgConnection::endCopyIn() {
    if (PQputCopyEnd(m_conn, nullptr) != 1)
        failFrom(nullptr, {});
    PGresult* result = PQgetResult(m_conn);
    if (!result || PQresultStatus(result) != PGRES_COMMAND_OK) {
        while (PGresult* extra = PQgetResult(m_conn))
            PQclear(extra);
        failFrom(result, {});
    }
    const char* n = PQcmdTuples(result);
    const long long rows = n && *n ? std::strtoll(n, nullptr, 10) : 0;
    PQclear(result);
    while (PGresult* extra = PQgetResult(m_conn))
        PQclear(extra);
    return rows;
}

void PgConnection::abortCopyIn(const QString& reason) {
    PQputCopyEnd(m_conn, reason.toUtf8().constData());
    while (PGresult* r = PQgetResult(m_conn))
        PQclear(r);
}

long long PgConnection::copyIn(const QString& sql, const std::function<void()>& send) {
    beginCopyIn(sql);
    try {
        send();
    } catch (const Error& e) {
        abortCopyIn(e.message());
        throw;
    }
    return endCopyIn();
}

QString pgConninfoValue(const QString& value) {
    if (!value.isEmpty() && !value.contains(QRegularExpression(QStringLiteral("[\\s'\\\\]"))))
        return value;
    QString escaped = value;
    escaped.replace(QLatin1Char('\\'), QStringLiteral("\\\\"))
        .replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + escaped + QLatin1Char('\'');
}

QString pgQuoteIdentifier(const QString& name) {
    QString quoted = name;
    quoted.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString pgTimestampLiteral(long long micros) {
    return QStringLiteral("(timestamp '1970-01-01 00:00:00' + %1 * interval '1 microsecond')").arg(micros);
}

QString pgPlainArray(const QStringList& items) {
    return QLatin1Char('{') + items.join(QLatin1Char(',')) + QLatin1Char('}');
}

} // namespace tidemark
