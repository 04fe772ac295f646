#include "timestamp.h"

#include "error.h"

#include <QDateTime>
#include <chrono>

namespace tidemark {

namespace {

// Only '0' to '9': QChar::isDigit and digitValue also take other scripts' digits (Arabic-Indic, full-width).
bool asciiDigit(QChar c) {
    return c >= u'0' && c <= u'9';
}

int digits(QStringView s, qsizetype pos, int count, bool* ok) {
    int v = 0;
    if (pos + count > s.size()) {
        *ok = false;
        return 0;
    }
    for (int i = 0; i < count; ++i) {
        const QChar c = s.at(pos + i);
        if (!asciiDigit(c)) {
            *ok = false;
            return 0;
        }
        v = v * 10 + (c.unicode() - u'0');
    }
    return v;
}

// Days from 1970-01-01 to y-m-d in the proleptic Gregorian calendar.
std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const unsigned yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

} // namespace

namespace {

bool leapYear(int y) {
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int daysInMonth(int y, int m) {
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leapYear(y) ? 29 : days[m - 1];
}

// Parses `input` into *out; on failure returns why (empty on success).
QString parseInto(QStringView input, Micros* out) {
    const QStringView s = input.trimmed();
    bool ok = true;
    const int year = digits(s, 0, 4, &ok);
    if (!ok || s.size() < 10 || s.at(4) != u'-' || s.at(7) != u'-')
        return QStringLiteral("no date YYYY-MM-DD at its start");
    const int month = digits(s, 5, 2, &ok);
    const int day = digits(s, 8, 2, &ok);
    if (!ok)
        return QStringLiteral("no date YYYY-MM-DD at its start");
    if (year == 0)
        return QStringLiteral("year 0000 does not exist");
    if (month < 1 || month > 12)
        return QStringLiteral("month %1 does not exist").arg(month);
    if (day < 1 || day > daysInMonth(year, month))
        return QStringLiteral("day %1 does not exist in %2-%3")
            .arg(day)
            .arg(year, 4, 10, QLatin1Char('0'))
            .arg(month, 2, 10, QLatin1Char('0'));
    int hour = 0, minute = 0, second = 0;
    Micros fraction = 0;
    int pos = 10;
    if (pos < s.size() && (s.at(pos) == u'T' || s.at(pos) == u' ')) {
        hour = digits(s, pos + 1, 2, &ok);
        if (!ok || pos + 3 >= s.size() || s.at(pos + 3) != u':')
            return QStringLiteral("no time HH:MM after the date");
        minute = digits(s, pos + 4, 2, &ok);
        if (!ok)
            return QStringLiteral("no time HH:MM after the date");
        pos += 6;
        if (pos < s.size() && s.at(pos) == u':') {
            second = digits(s, pos + 1, 2, &ok);
            if (!ok)
                return QStringLiteral("no seconds after HH:MM:");
            pos += 3;
        }
        if (pos < s.size() && (s.at(pos) == u'.' || s.at(pos) == u',')) {
            ++pos;
            int n = 0;
            while (pos < s.size() && asciiDigit(s.at(pos))) {
                if (n < 6) {
                    fraction = fraction * 10 + (s.at(pos).unicode() - u'0');
                    ++n;
                }
                ++pos;
            }
            if (n == 0)
                return QStringLiteral("no digits after the decimal point");
            for (; n < 6; ++n)
                fraction *= 10;
        }
        // 24:00:00 is refused: read as the next midnight it rolled 9999-12-31 into a year 10000 that cannot
        // be written back. A leap second 60 rolls over into the next minute, as in PostgreSQL.
        if (hour > 23 || minute > 59 || second > 60)
            return QStringLiteral("time %1:%2:%3 does not exist")
                .arg(hour, 2, 10, QLatin1Char('0'))
                .arg(minute, 2, 10, QLatin1Char('0'))
                .arg(second, 2, 10, QLatin1Char('0'));
    }
    Micros offset = 0;
    if (pos < s.size()) {
        const QChar c = s.at(pos);
        if (c == u'Z' || c == u'z') {
            ++pos;
        } else if (c == u'+' || c == u'-') {
            const int sign = c == u'+' ? 1 : -1;
            const int oh = digits(s, pos + 1, 2, &ok);
            int om = 0;
            pos += 3;
            if (pos < s.size() && s.at(pos) == u':')
                ++pos;
            if (pos < s.size()) {
                om = digits(s, pos, 2, &ok);
                pos += 2;
            }
            if (!ok)
                return QStringLiteral("no offset ±HH[:MM] after the sign");
            // PostgreSQL's limit for a numeric zone offset.
            if (oh > 15 || om > 59)
                return QStringLiteral("offset %1%2:%3 does not exist")
                    .arg(c)
                    .arg(oh, 2, 10, QLatin1Char('0'))
                    .arg(om, 2, 10, QLatin1Char('0'));
            offset = sign * (oh * kMicrosPerHour + om * kMicrosPerMinute);
        } else {
            return QStringLiteral("unexpected \"%1\" after the time").arg(s.mid(pos, 8));
        }
    }
    if (pos != s.size())
        return QStringLiteral("unexpected \"%1\" at its end").arg(s.mid(pos, 8));
    const std::int64_t days = daysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
    const Micros t = days * kMicrosPerDay + hour * kMicrosPerHour + minute * kMicrosPerMinute +
                     second * kMicrosPerSecond + fraction - offset;
    // What formatIsoTimestamp writes with four digits (an offset or a leap second can move past either end).
    if (t < kFirstFormattable || t > kLastFormattable)
        return QStringLiteral("outside the years 0001 to 9999 in UTC");
    *out = t;
    return {};
}

} // namespace

static const QString kIsoTimestampForm = QStringLiteral("YYYY-MM-DDTHH:MM[:SS[.ffffff]][Z|±HH[:MM]]");

bool tryParseIsoTimestamp(const QString& input, Micros* out) {
    return parseInto(input, out).isEmpty();
}

bool tryParseIsoTimestamp(QStringView input, Micros* out) {
    return parseInto(input, out).isEmpty();
}

QString isoTimestampProblem(const QString& text) {
    Micros t = 0;
    const QString why = parseInto(text, &t);
    if (why.isEmpty())
        return {};
    return QStringLiteral("\"%1\" is not a timestamp (%2); expected %3")
        .arg(text.left(64), why, kIsoTimestampForm);
}

Micros parseIsoTimestamp(const QString& text, const QString& what) {
    const QString problem = isoTimestampProblem(text);
    if (!problem.isEmpty())
        throw Error(Error::Kind::Usage, QStringLiteral("%1: %2").arg(what, problem));
    Micros t = 0;
    tryParseIsoTimestamp(text, &t);
    return t;
}

QString formatIsoTimestamp(Micros t) {
    const std::int64_t days = floorDiv(t, kMicrosPerDay);
    Micros rest = t - days * kMicrosPerDay;
    // civil from days
    const std::int64_t z = days + 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const unsigned doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t yBase = static_cast<std::int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    const std::int64_t y = yBase + (m <= 2);
    const int hh = static_cast<int>(rest / kMicrosPerHour);
    rest -= hh * kMicrosPerHour;
    const int mm = static_cast<int>(rest / kMicrosPerMinute);
    rest -= mm * kMicrosPerMinute;
    const int ss = static_cast<int>(rest / kMicrosPerSecond);
    const int us = static_cast<int>(rest - ss * kMicrosPerSecond);
    char buf[48];
    int n = std::snprintf(buf, sizeof buf, "%04lld-%02u-%02uT%02d:%02d:%02d", static_cast<long long>(y), m, d,
                          hh, mm, ss);
    if (us != 0) {
        char frac[8];
        std::snprintf(frac, sizeof frac, "%06d", us);
        int len = 6;
        while (len > 0 && frac[len - 1] == '0')
            --len;
        frac[len] = 0;
        n += std::snprintf(buf + n, sizeof buf - n, ".%s", frac);
    }
    std::snprintf(buf + n, sizeof buf - n, "Z");
    return QString::fromLatin1(buf);
}

Micros nowMicros() {
    using namespace std::chrono;
    return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}

} // namespace tidemark
