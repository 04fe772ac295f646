#include "clockcheck.h"

namespace tidemark {

QString durationText(Micros t) {
    if (t >= 2 * kMicrosPerDay)
        return QStringLiteral("%1 days").arg(double(t) / kMicrosPerDay, 0, 'f', 1);
    if (t >= 2 * kMicrosPerHour)
        return QStringLiteral("%1 h").arg(double(t) / kMicrosPerHour, 0, 'f', 1);
    return QStringLiteral("%1 min").arg(double(t) / kMicrosPerMinute, 0, 'f', 1);
}

QString ClockCheck::refusalText(const QString& consequence, const QString& override) const {
    return QStringLiteral(
               "%1 %2 is %3 later than %4 %5 (the limit is %6): %7. Fix the clock or --now; to run "
               "anyway, override the check (%8)")
        .arg(clockName, formatIsoTimestamp(clock), durationText(ahead()), referenceName,
             formatIsoTimestamp(reference), QStringLiteral("%1 min").arg(kMaxClockAhead / kMicrosPerMinute),
             consequence, override);
}

void ClockCheck::require(bool allowed, const QString& consequence, const QString& override) const {
    if (tooFarAhead() && !allowed)
        throw Error(Error::Kind::Refused, refusalText(consequence, override));
}

} // namespace tidemark
