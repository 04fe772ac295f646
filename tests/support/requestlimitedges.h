#pragma once

#include "requestlimit.h"

#include <QString>
#include <utility>
#include <vector>

namespace tidemark::test {

// The values at and just outside `limit`, with whether a request must take them.
inline std::vector<std::pair<int, bool>> edges(const RequestLimit& limit) {
    return {{limit.min, true}, {limit.max, true}, {limit.min - 1, false}, {limit.max + 1, false}};
}

// What a request says when it refuses `value`.
inline QString refusal(const RequestLimit& limit, int value) {
    return QStringLiteral("%1, not %2").arg(limit.rule()).arg(value);
}

} // namespace tidemark::test
