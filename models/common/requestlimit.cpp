#include "requestlimit.h"

#include "error.h"

namespace tidemark {

QString RequestLimit::rule() const {
    return QStringLiteral("%1 takes a whole number of %2 from %3 to %4%5")
        .arg(QLatin1String(option), QLatin1String(unit))
        .arg(min)
        .arg(max)
        .arg(orElse ? QStringLiteral(", or %1").arg(QLatin1String(orElse)) : QString());
}

void RequestLimit::check(long long value) const {
    if (!contains(value))
        throw Error(Error::Kind::Usage, QStringLiteral("%1, not %2").arg(rule()).arg(value));
}

} // namespace tidemark
