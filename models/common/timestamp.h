#pragma once

#include <QString>
#include <cstdint>

namespace tidemark {

// UTC instants as microseconds since 1970-01-01T00:00:00Z, PostgreSQL's own precision.
using Micros = std::int64_t;

constexpr Micros kMicrosPerSecond = 1'000'000;
constexpr Micros kMicrosPerMinute = 60 * kMicrosPerSecond;
constexpr Micros kMicrosPerHour = 60 * kMicrosPerMinute;
constexpr Micros kMicrosPerDay = 24 * kMicrosPerHour;

// floor(a / b) for any sign of a (b > 0).
constexpr std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

// The largest multiple of step (counted from anchor) that is <= t.
constexpr Micros floorToStep(Micros t, Micros step, Micros anchor = 0) {
    return anchor + floorDiv(t - anchor, step) * step;
}

// The instants formatIsoTimestamp writes with a four-digit year: 0001-01-01T00:00:00Z to
// 9999-12-31T23:59:59.999999Z.
constexpr Micros kFirstFormattable = -62135596800LL * kMicrosPerSecond;
constexpr Micros kLastFormattable = 253402300800LL * kMicrosPerSecond - 1;

// Parses ISO-8601 with a 'Z' or a numeric offset (or none, read as UTC), up to microseconds; also the
// PostgreSQL text form "2026-01-02 03:04:05.678+00". Throws tidemark::Error(Usage) naming `what`.
// A day, hour, minute, second or offset that does not exist (2026-02-31, 24:00, 24:59, +99:99, year 0000) is
// refused, as are digits other than ASCII's and an instant outside kFirstFormattable..kLastFormattable.
Micros parseIsoTimestamp(const QString& text, const QString& what = QStringLiteral("timestamp"));
bool tryParseIsoTimestamp(const QString& text, Micros* out);
bool tryParseIsoTimestamp(QStringView text, Micros* out); // the same, without a copy of the text
// Why `text` is not a timestamp, with the value and the expected form; empty when it is one.
QString isoTimestampProblem(const QString& text);

// "2026-01-02T03:04:05.678901Z", with the fraction only when it is not zero (trailing zeros trimmed).
QString formatIsoTimestamp(Micros t);

Micros nowMicros();

} // namespace tidemark
