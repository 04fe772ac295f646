#include "sqlitestatement.h"

#include "error.h"

#include <sqlite3.h>

namespace tidemark {

SqliteStatement::SqliteStatement(sqlite3* db, const QString& sql, const QString& where)
    : m_db(db), m_where(where) {
    if (sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &m_statement, nullptr) != SQLITE_OK) {
        const QString why = QString::fromUtf8(sqlite3_errmsg(db));
        sqlite3_finalize(m_statement);
        m_statement = nullptr;
        const bool schema =
            why.contains(QLatin1String("no such table")) || why.contains(QLatin1String("no such column"));
        throw Error(schema ? Error::Kind::Schema : Error::Kind::Failed,
                    QStringLiteral("SQLite %1: %2").arg(where, why));
    }
}

SqliteStatement::SqliteStatement(SqliteStatement&& other) noexcept
    : m_db(other.m_db), m_statement(other.m_statement), m_where(std::move(other.m_where)) {
    other.m_statement = nullptr;
}

SqliteStatement::~SqliteStatement() {
    sqlite3_finalize(m_statement);
}

SqliteStatement& SqliteStatement::bind(int index, const QString& value) {
    return bind(index, value.toUtf8());
}

SqliteStatement& SqliteStatement::bind(int index, const QByteArray& utf8) {
    sqlite3_bind_text(m_statement, index, utf8.constData(), static_cast<int>(utf8.size()), SQLITE_TRANSIENT);
    return *this;
}

SqliteStatement& SqliteStatement::bind(int index, const char* utf8, qsizetype length) {
    sqlite3_bind_text64(m_statement, index, utf8, static_cast<sqlite3_uint64>(length), SQLITE_TRANSIENT,
                        SQLITE_UTF8);
    return *this;
}

SqliteStatement& SqliteStatement::bind(int index, qint64 value) {
    sqlite3_bind_int64(m_statement, index, value);
    return *this;
}

SqliteStatement& SqliteStatement::bind(int index, double value) {
    sqlite3_bind_double(m_statement, index, value);
    return *this;
}

SqliteStatement& SqliteStatement::bindNull(int index) {
    sqlite3_bind_null(m_statement, index);
    return *this;
}

SqliteStatement& SqliteStatement::bindBlob(int index, const QByteArray& bytes) {
    sqlite3_bind_blob64(m_statement, index, bytes.constData(), static_cast<sqlite3_uint64>(bytes.size()),
                        SQLITE_TRANSIENT);
    return *this;
}

bool SqliteStatement::step() {
    const int rc = sqlite3_step(m_statement);
    if (rc == SQLITE_ROW)
        return true;
    if (rc == SQLITE_DONE)
        return false;
    throw Error(rc == SQLITE_BUSY ? Error::Kind::Connection : Error::Kind::Failed,
                QStringLiteral("SQLite %1: %2").arg(m_where, QString::fromUtf8(sqlite3_errmsg(m_db))));
}

void SqliteStatement::reset() {
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
}

bool SqliteStatement::isNull(int column) const {
    return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

QString SqliteStatement::text(int column) const {
    const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(m_statement, column));
    return data ? QString::fromUtf8(data, sqlite3_column_bytes(m_statement, column)) : QString();
}

qint64 SqliteStatement::toInt64(int column) const {
    return sqlite3_column_int64(m_statement, column);
}
double SqliteStatement::toDouble(int column) const {
    return sqlite3_column_double(m_statement, column);
}

QByteArray SqliteStatement::blob(int column) const {
    const auto* data = static_cast<const char*>(sqlite3_column_blob(m_statement, column));
    return data ? QByteArray(data, sqlite3_column_bytes(m_statement, column)) : QByteArray();
}

} // namespace tidemark
