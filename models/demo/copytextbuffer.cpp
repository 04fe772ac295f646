#include "copytextbuffer.h"

#include <charconv>
#include <cstdio>

namespace tidemark::demo {

void CopyTextBuffer::separator() {
    if (m_rowStarted)
        m_buffer += '\t';
    m_rowStarted = true;
}

void CopyTextBuffer::endRow() {
    m_buffer += '\n';
    m_rowStarted = false;
    if (m_buffer.size() >= kChunk)
        flush();
}

void CopyTextBuffer::flush() {
    m_connection.putCopyData(m_buffer);
    m_buffer.clear();
}

CopyTextBuffer& CopyTextBuffer::null() {
    separator();
    m_buffer += "\\N";
    return *this;
}

void CopyTextBuffer::appendEscaped(const char* data, qsizetype length) {
    for (qsizetype i = 0; i < length; ++i) {
        const char c = data[i];
        switch (c) {
        case '\\':
            m_buffer += "\\\\";
            break;
        case '\t':
            m_buffer += "\\t";
            break;
        case '\n':
            m_buffer += "\\n";
            break;
        case '\r':
            m_buffer += "\\r";
            break;
        default:
            m_buffer += c;
        }
    }
}

CopyTextBuffer& CopyTextBuffer::text(const QString& value) {
    const QByteArray utf8 = value.toUtf8();
    separator();
    appendEscaped(utf8.constData(), utf8.size());
    return *this;
}

CopyTextBuffer& CopyTextBuffer::text(const char* value) {
    if (!value)
        return null();
    separator();
    appendEscaped(value, static_cast<qsizetype>(qstrlen(value)));
    return *this;
}

CopyTextBuffer& CopyTextBuffer::json(const QByteArray& value) {
    if (value.isEmpty())
        return null();
    separator();
    appendEscaped(value.constData(), value.size());
    return *this;
}

CopyTextBuffer& CopyTextBuffer::integer(long long value) {
    separator();
    char digits[24];
    const auto r = std::to_chars(digits, digits + sizeof digits, value);
    m_buffer.append(digits, r.ptr - digits);
    return *this;
}

CopyTextBuffer& CopyTextBuffer::real(double value) {
    separator();
    char digits[32];
    const auto r = std::to_chars(digits, digits + sizeof digits, value);
    m_buffer.append(digits, r.ptr - digits);
    return *this;
}

CopyTextBuffer& CopyTextBuffer::boolean(bool value) {
    separator();
    m_buffer += value ? 't' : 'f';
    return *this;
}

CopyTextBuffer& CopyTextBuffer::cents(long long value) {
    separator();
    if (value < 0) {
        m_buffer += '-';
        value = -value;
    }
    char digits[32];
    const int n = std::snprintf(digits, sizeof digits, "%lld.%02lld", value / 100, value % 100);
    m_buffer.append(digits, n);
    return *this;
}

CopyTextBuffer& CopyTextBuffer::uuid(const QUuid& value) {
    if (value.isNull())
        return null();
    separator();
    m_buffer += value.toByteArray(QUuid::WithoutBraces);
    return *this;
}

void CopyTextBuffer::appendInstant(Micros t) {
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    const long long days = floorDiv(t, kMicrosPerDay);
    const long long micros = t - days * kMicrosPerDay;
    const long long z = days + 719468;
    const long long era = (z >= 0 ? z : z - 146096) / 146097;
    const long long doe = z - era * 146097;
    const long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const long long mp = (5 * doy + 2) / 153;
    const long long d = doy - (153 * mp + 2) / 5 + 1;
    const long long m = mp < 10 ? mp + 3 : mp - 9;
    const long long y = yoe + era * 400 + (m <= 2);
    const long long secs = micros / kMicrosPerSecond;
    char out[40];
    const int n = std::snprintf(out, sizeof out, "%04lld-%02lld-%02lld %02lld:%02lld:%02lld.%06lld", y, m, d,
                                secs / 3600, (secs / 60) % 60, secs % 60, micros % kMicrosPerSecond);
    m_buffer.append(out, n);
}

CopyTextBuffer& CopyTextBuffer::timestamptz(Micros t) {
    separator();
    appendInstant(t);
    m_buffer += "+00";
    return *this;
}

CopyTextBuffer& CopyTextBuffer::timestamp(Micros t) {
    separator();
    appendInstant(t);
    return *this;
}

} // namespace tidemark::demo
