#pragma once

#include <QString>

namespace tidemark::kudos {

// For the key tests' hand-written SQL: parameter $n given as a bigint of Micros, as a `timestamp` holding
// UTC. (Tidemark's own code passes utcParam() text, kudosvalues.h.)
inline QString sqlTimestampParam(int n) {
    return QStringLiteral("('epoch'::timestamp + $%1::bigint * interval '1 microsecond')").arg(n);
}

} // namespace tidemark::kudos
