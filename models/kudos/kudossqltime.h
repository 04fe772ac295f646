#pragma once

#include <QString>

namespace tidemark::kudos {

// The kudos tables hold UTC instants as `timestamp` without time zone; Tidemark passes and reads them as
// Micros (microseconds since the epoch), exactly.

// The SQL expression of parameter $n (a bigint of Micros) as such a timestamp.
inline QString sqlTimestampParam(int n) {
    return QStringLiteral("('epoch'::timestamp + $%1::bigint * interval '1 microsecond')").arg(n);
}

// The SQL expression of a timestamp column (or expression) as a bigint of Micros.
inline QString sqlMicros(const QString& timestamp) {
    return QStringLiteral("(extract(epoch FROM %1) * 1000000)::bigint").arg(timestamp);
}

} // namespace tidemark::kudos
