#include "displayformat.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QTimeZone>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace tidemark::display {

namespace {
// Unit names listed with QT_TRANSLATE_NOOP; every other text calls translate() itself, so lupdate sees it.
QString translatedUnit(const char* text) {
    return QCoreApplication::translate("DisplayFormat", text);
}
QDateTime utc(Micros t) {
    return QDateTime::fromMSecsSinceEpoch(floorDiv(t, 1000), QTimeZone::utc());
}
} // namespace

namespace {
const std::array<const char*, 6> kSizeUnits = {
    QT_TRANSLATE_NOOP("DisplayFormat", "%1 B"),   QT_TRANSLATE_NOOP("DisplayFormat", "%1 KiB"),
    QT_TRANSLATE_NOOP("DisplayFormat", "%1 MiB"), QT_TRANSLATE_NOOP("DisplayFormat", "%1 GiB"),
    QT_TRANSLATE_NOOP("DisplayFormat", "%1 TiB"), QT_TRANSLATE_NOOP("DisplayFormat", "%1 PiB")};
} // namespace

QString sizeWithUnit(const QString& scaled, int power) {
    return translatedUnit(kSizeUnits[std::size_t(std::clamp(power, 0, int(kSizeUnits.size()) - 1))])
        .arg(scaled);
}

QString size(qint64 bytes) {
    if (bytes < 0)
        return QStringLiteral("−") +
               size(bytes == std::numeric_limits<qint64>::min() ? -(bytes + 1) : -bytes);
    if (bytes < 1024)
        return sizeWithUnit(QLocale().toString(bytes), 0);
    double value = double(bytes);
    int unit = 1;
    value /= 1024;
    while (unit + 1 < int(kSizeUnits.size()) && std::round(value * 100) / 100 >= 1024) {
        value /= 1024;
        ++unit;
    }
    // Three significant digits, decided on the rounded value ("9.999 MiB" is "10.0 MiB").
    const int decimals = std::round(value * 100) / 100 < 10 ? 2 : std::round(value * 10) / 10 < 100 ? 1 : 0;
    return sizeWithUnit(QLocale().toString(value, 'f', decimals), unit);
}

QString duration(double seconds) {
    if (!std::isfinite(seconds))
        return QStringLiteral("—");
    if (seconds < 0)
        return QStringLiteral("−") + duration(-seconds);
    if (seconds < 9.95)
        return QCoreApplication::translate("DisplayFormat", "%1 s").arg(QLocale().toString(seconds, 'f', 1));
    const auto s = static_cast<long long>(std::llround(seconds));
    if (s < 60)
        return QCoreApplication::translate("DisplayFormat", "%1 s").arg(s);
    if (s < 3600)
        return s % 60 == 0
                   ? QCoreApplication::translate("DisplayFormat", "%1 min").arg(s / 60)
                   : QCoreApplication::translate("DisplayFormat", "%1 min %2 s").arg(s / 60).arg(s % 60);
    if (s < 86400)
        return s / 60 % 60 == 0 ? QCoreApplication::translate("DisplayFormat", "%1 h").arg(s / 3600)
                                : QCoreApplication::translate("DisplayFormat", "%1 h %2 min")
                                      .arg(s / 3600)
                                      .arg(s / 60 % 60);
    return s / 3600 % 24 == 0
               ? QCoreApplication::translate("DisplayFormat", "%1 d").arg(QLocale().toString(s / 86400))
               : QCoreApplication::translate("DisplayFormat", "%1 d %2 h")
                     .arg(QLocale().toString(s / 86400))
                     .arg(s / 3600 % 24);
}

QString milliseconds(double ms) {
    if (!std::isfinite(ms))
        return QStringLiteral("—");
    if (ms < 0)
        return QStringLiteral("−") + milliseconds(-ms);
    const int decimals = std::round(ms * 10) / 10 < 100 ? 1 : 0;
    return QCoreApplication::translate("DisplayFormat", "%1 ms").arg(QLocale().toString(ms, 'f', decimals));
}

QString sizePerSecond(double bytesPerSecond) {
    if (!std::isfinite(bytesPerSecond))
        return QStringLiteral("—");
    return QCoreApplication::translate("DisplayFormat", "%1/s").arg(size(std::llround(bytesPerSecond)));
}

QString count(qint64 n) {
    return QLocale().toString(n);
}

QString number(double value, int decimals) {
    return QLocale().toString(value, 'f', decimals);
}

QString percent(double fraction, int decimals) {
    return QCoreApplication::translate("DisplayFormat", "%1 %")
        .arg(QLocale().toString(fraction * 100, 'f', decimals));
}

QString instant(Micros t) {
    return utc(t).toString(QStringLiteral("yyyy-MM-dd HH:mm")) + QStringLiteral(" UTC");
}

QString instantSeconds(Micros t) {
    return utc(t).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) + QStringLiteral(" UTC");
}

QString date(Micros t) {
    return utc(t).toString(QStringLiteral("yyyy-MM-dd"));
}

QString dateRange(Micros from, Micros to) {
    return date(from) + QStringLiteral(" – ") + date(to);
}

QString month(Micros t) {
    return QLocale().toString(utc(t).date(), QStringLiteral("MMM yyyy"));
}

QString timeOfDay(Micros t, const QTimeZone& zone) {
    return utc(t).toTimeZone(zone.isValid() ? zone : QTimeZone::utc()).toString(QStringLiteral("HH:mm"));
}

QString inZone(Micros t, Micros now, const QString& zoneId) {
    const QTimeZone zone(zoneId.toUtf8());
    const QTimeZone shown = zone.isValid() ? zone : QTimeZone::utc();
    const QDateTime at = utc(t).toTimeZone(shown), today = utc(now).toTimeZone(shown);
    const QString time = timeOfDay(t, shown);
    const qint64 days = today.date().daysTo(at.date());
    if (days == 0)
        return QCoreApplication::translate("DisplayFormat", "today %1").arg(time);
    if (days == 1)
        return QCoreApplication::translate("DisplayFormat", "tomorrow %1").arg(time);
    return QLocale().toString(at, QStringLiteral("ddd d MMM HH:mm"));
}

QString timeOfDay(Micros t) {
    return utc(t).toString(t % kMicrosPerMinute == 0 ? QStringLiteral("HH:mm") : QStringLiteral("HH:mm:ss"));
}

QString dayAndMonth(Micros t) {
    return QLocale().toString(utc(t).date(), QStringLiteral("d MMM"));
}

QString monthOnly(Micros t) {
    return QLocale().toString(utc(t).date(), QStringLiteral("MMM"));
}

QString age(Micros then, Micros now) {
    const Micros elapsed = now - then;
    if (elapsed < kMicrosPerMinute)
        return QCoreApplication::translate("DisplayFormat", "just now");
    if (elapsed < kMicrosPerHour)
        return QCoreApplication::translate("DisplayFormat", "%Ln min ago", nullptr,
                                           int(elapsed / kMicrosPerMinute));
    if (elapsed < kMicrosPerDay)
        return QCoreApplication::translate("DisplayFormat", "%Ln h ago", nullptr,
                                           int(elapsed / kMicrosPerHour));
    return QCoreApplication::translate("DisplayFormat", "%Ln day(s) ago", nullptr,
                                       int(elapsed / kMicrosPerDay));
}

QString coordinate(double lat, double lon, int decimals) {
    return QStringLiteral("%1, %2").arg(lat, 0, 'f', decimals).arg(lon, 0, 'f', decimals);
}

QString box(double south, double west, double north, double east, int decimals) {
    return coordinate(south, west, decimals) + QStringLiteral(" – ") + coordinate(north, east, decimals);
}

int pluralForm(qint64 n) {
    if (n < 0)
        n = n == std::numeric_limits<qint64>::min() ? std::numeric_limits<qint64>::max() : -n;
    return n <= std::numeric_limits<int>::max() ? int(n) : int(n % 100 + 100);
}

} // namespace tidemark::display
