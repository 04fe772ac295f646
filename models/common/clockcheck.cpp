#include "clockcheck.h"

#include "displayformat.h"

namespace tidemark {

QString ClockCheck::refusalText(const QString& consequence, const QString& override) const {
    return QStringLiteral(
               "%1 %2 is %3 later than %4 %5 (the limit is %6): %7. Fix the clock or --now; to run "
               "anyway, override the check (%8)")
        .arg(clockName, formatIsoTimestamp(clock), display::duration(double(ahead()) / kMicrosPerSecond),
             referenceName, formatIsoTimestamp(reference),
             display::duration(double(kMaxClockAhead) / kMicrosPerSecond), consequence, override);
}

void ClockCheck::require(bool allowed, const QString& consequence, const QString& override) const {
    if (tooFarAhead() && !allowed)
        throw Error(Error::Kind::Refused, refusalText(consequence, override));
}

} // namespace tidemark
