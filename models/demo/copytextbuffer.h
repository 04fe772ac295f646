#pragma once

#include "pgconnection.h"
#include "timestamp.h"

#include <QByteArray>
#include <QString>
#include <QUuid>
#include <optional>

namespace tidemark::demo {

// Builds the rows of one COPY ... FROM STDIN (text format) and sends them to the connection in chunks.
// Formatting is done by hand (timestamps, numbers) because the demo copies millions of rows.
class CopyTextBuffer {
  public:
    explicit CopyTextBuffer(PgConnection& connection) : m_connection(connection) {
        m_buffer.reserve(kChunk + 4096);
    }

    void begin(const QString& copySql) { m_connection.beginCopyIn(copySql); }
    long long end() {
        flush();
        return m_connection.endCopyIn();
    }

    CopyTextBuffer& null();
    CopyTextBuffer& text(const QString& value);
    CopyTextBuffer& text(const char* value);       // nullptr = NULL
    CopyTextBuffer& json(const QByteArray& value); // empty = NULL
    CopyTextBuffer& integer(long long value);
    CopyTextBuffer& real(double value); // shortest round-trip form
    CopyTextBuffer& boolean(bool value);
    CopyTextBuffer& cents(long long value);   // numeric with two decimals
    CopyTextBuffer& uuid(const QUuid& value); // null QUuid = NULL
    CopyTextBuffer& timestamptz(Micros t);    // "2026-11-30 00:00:00.123456+00"
    CopyTextBuffer& timestamp(Micros t);      // without zone, UTC
    void endRow();

  private:
    static constexpr qsizetype kChunk = 1 << 20;
    void separator();
    void flush();
    void appendEscaped(const char* data, qsizetype length);
    void appendInstant(Micros t);
    PgConnection& m_connection;
    QByteArray m_buffer;
    bool m_rowStarted = false;
};

} // namespace tidemark::demo
