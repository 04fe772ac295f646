#include "agetext.h"

#include <QCoreApplication>

namespace tidemark {

QString ageText(Micros then, Micros now) {
    const Micros age = now - then;
    if (age < kMicrosPerMinute)
        return QCoreApplication::translate("AgeText", "just now");
    if (age < kMicrosPerHour)
        return QCoreApplication::translate("AgeText", "%Ln min ago", "", int(age / kMicrosPerMinute));
    if (age < kMicrosPerDay)
        return QCoreApplication::translate("AgeText", "%Ln h ago", "", int(age / kMicrosPerHour));
    return QCoreApplication::translate("AgeText", "%Ln day(s) ago", "", int(age / kMicrosPerDay));
}

} // namespace tidemark
