#include "timestamp.h"

#include "error.h"

#include <QDateTime>
#include <chrono>

namespace tidemark {

namespace {

int digits(const QString& s, int pos, int count, bool* ok) {
    int v = 0;
    if (pos + count > s.size()) {
        *ok = false;
        return 0;
    }
    for (int i = 0; i < count; ++i) {
        const QChar c = s.at(pos + i);
        if (!c.isDigit()) {
            *ok = false;
            return 0;
        }
        v = v * 10 + c.digitValue();
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

bool tryParseIsoTimestamp(const QString& input, Micros* out) {
    const QString s = input.trimmed();
    bool ok = true;
    const int year = digits(s, 0, 4, &ok);
    if (!ok || s.size() < 10 || s.at(4) != u'-' || s.at(7) != u'-')
        return false;
    const int month = digits(s, 5, 2, &ok);
    const int day = digits(s, 8, 2, &ok);
    if (!ok || month < 1 || month > 12 || day < 1 || day > 31)
        return false;
    int hour = 0, minute = 0, second = 0;
    Micros fraction = 0;
    int pos = 10;
    if (pos < s.size() && (s.at(pos) == u'T' || s.at(pos) == u' ')) {
        hour = digits(s, pos + 1, 2, &ok);
        if (!ok || pos + 3 >= s.size() || s.at(pos + 3) != u':')
            return false;
        minute = digits(s, pos + 4, 2, &ok);
        pos += 6;
        if (pos < s.size() && s.at(pos) == u':') {
            second = digits(s, pos + 1, 2, &ok);
            pos += 3;
        }
        if (!ok || hour > 24 || minute > 59 || second > 60)
            return false;
        if (pos < s.size() && (s.at(pos) == u'.' || s.at(pos) == u',')) {
            ++pos;
            int n = 0;
            while (pos < s.size() && s.at(pos).isDigit()) {
                if (n < 6) {
                    fraction = fraction * 10 + s.at(pos).digitValue();
                    ++n;
                }
                ++pos;
            }
            if (n == 0)
                return false;
            for (; n < 6; ++n)
                fraction *= 10;
        }
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
                return false;
            offset = sign * (oh * kMicrosPerHour + om * kMicrosPerMinute);
        } else {
            return false;
        }
    }
    if (pos != s.size())
        return false;
    const std::int64_t days = daysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
    *out = days * kMicrosPerDay + hour * kMicrosPerHour + minute * kMicrosPerMinute +
           second * kMicrosPerSecond + fraction - offset;
    return true;
}

Micros parseIsoTimestamp(const QString& text, const QString& what) {
    Micros t = 0;
    if (!tryParseIsoTimestamp(text, &t))
        throw Error(Error::Kind::Usage,
                    QStringLiteral("%1: not an ISO-8601 timestamp: \"%2\"").arg(what, text.left(64)));
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
