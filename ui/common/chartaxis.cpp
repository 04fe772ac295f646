#include "chartaxis.h"

#include "displayformat.h"

#include <QDate>
#include <QTime>
#include <algorithm>
#include <array>
#include <cmath>

namespace tidemark::ui {

namespace {

using Unit = TimeStep::Unit;

constexpr std::int64_t kJulianDayOfEpoch = 2440588; // 1970-01-01
constexpr Micros kFirstMonday = 4 * kMicrosPerDay;  // 1970-01-05: weeks start on Mondays (ISO 8601)

// From fine to coarse; the first that gives few enough ticks wins. No step is more than 3.5 times the one
// before it, so 7 ticks allowed always get 2 at least.
constexpr std::array kSteps = {
    TimeStep{Unit::Second, 1},  TimeStep{Unit::Second, 2},  TimeStep{Unit::Second, 5},
    TimeStep{Unit::Second, 10}, TimeStep{Unit::Second, 15}, TimeStep{Unit::Second, 30},
    TimeStep{Unit::Minute, 1},  TimeStep{Unit::Minute, 2},  TimeStep{Unit::Minute, 5},
    TimeStep{Unit::Minute, 10}, TimeStep{Unit::Minute, 15}, TimeStep{Unit::Minute, 30},
    TimeStep{Unit::Hour, 1},    TimeStep{Unit::Hour, 2},    TimeStep{Unit::Hour, 3},
    TimeStep{Unit::Hour, 6},    TimeStep{Unit::Hour, 12},   TimeStep{Unit::Day, 1},
    TimeStep{Unit::Day, 2},     TimeStep{Unit::Week, 1},    TimeStep{Unit::Week, 2},
    TimeStep{Unit::Month, 1},   TimeStep{Unit::Month, 2},   TimeStep{Unit::Month, 3},
    TimeStep{Unit::Month, 6},   TimeStep{Unit::Year, 1},    TimeStep{Unit::Year, 2},
    TimeStep{Unit::Year, 5},    TimeStep{Unit::Year, 10},   TimeStep{Unit::Year, 20},
    TimeStep{Unit::Year, 50},   TimeStep{Unit::Year, 100},  TimeStep{Unit::Year, 200},
    TimeStep{Unit::Year, 500},  TimeStep{Unit::Year, 1000}};

QDate dateOf(Micros t) {
    return QDate::fromJulianDay(floorDiv(t, kMicrosPerDay) + kJulianDayOfEpoch);
}

Micros microsOf(const QDate& d) {
    return (d.toJulianDay() - kJulianDayOfEpoch) * kMicrosPerDay;
}

Micros fixedLength(const TimeStep& s) {
    switch (s.unit) {
    case Unit::Second:
        return s.count * kMicrosPerSecond;
    case Unit::Minute:
        return s.count * kMicrosPerMinute;
    case Unit::Hour:
        return s.count * kMicrosPerHour;
    case Unit::Day:
        return s.count * kMicrosPerDay;
    case Unit::Week:
        return s.count * 7 * kMicrosPerDay;
    case Unit::Month:
    case Unit::Year:
        break;
    }
    return 0; // calendar steps have no fixed length
}

// The first tick at or after t.
Micros firstTick(Micros t, const TimeStep& s) {
    if (const Micros length = fixedLength(s)) {
        const Micros tick = floorToStep(t, length, s.unit == Unit::Week ? kFirstMonday : 0);
        return tick < t ? tick + length : tick;
    }
    const QDate d = dateOf(t);
    QDate tick;
    if (s.unit == Unit::Month) {
        const int month = int(floorDiv(d.year() * 12 + d.month() - 1, s.count) * s.count);
        tick = QDate(int(floorDiv(month, 12)), int(month - floorDiv(month, 12) * 12) + 1, 1);
    } else {
        tick = QDate(std::max(1, int(floorDiv(d.year(), s.count) * s.count)), 1, 1); // there is no year 0
    }
    while (microsOf(tick) < t)
        tick = s.unit == Unit::Month ? tick.addMonths(s.count) : tick.addYears(s.count);
    return microsOf(tick);
}

Micros nextTick(Micros t, const TimeStep& s) {
    if (const Micros length = fixedLength(s))
        return t + length;
    return microsOf(s.unit == Unit::Month ? dateOf(t).addMonths(s.count) : dateOf(t).addYears(s.count));
}

// The ticks of [from, to], or limit + 1 of them when there are more.
std::vector<Micros> ticksOf(Micros from, Micros to, const TimeStep& s, int limit) {
    std::vector<Micros> ticks;
    for (Micros t = firstTick(from, s); t <= to && int(ticks.size()) <= limit; t = nextTick(t, s))
        ticks.push_back(t);
    return ticks;
}

double powerOf(double base, int exponent) {
    return std::pow(base, exponent);
}

// The unit a magnitude is written in: base^k with 0 <= k <= 4.
int scaleExponent(double magnitude, ValueUnit unit) {
    if (unit == ValueUnit::Number)
        return 0;
    const double base = unit == ValueUnit::Bytes ? 1024 : 1000;
    int k = 0;
    while (k < 4 && magnitude >= powerOf(base, k + 1))
        ++k;
    return k;
}

// Sizes take their unit from display::sizeWithUnit.
QString suffixOf(ValueUnit unit, int exponent) {
    if (unit == ValueUnit::Count && exponent > 0) {
        const std::array names = {ChartAxis::tr("k", "thousand"), ChartAxis::tr("M", "million"),
                                  ChartAxis::tr("bn", "billion"), ChartAxis::tr("tn", "trillion")};
        return names[std::size_t(exponent - 1)];
    }
    return {};
}

// A number with at most `decimals` decimals, trailing zeros dropped, and its suffix (a size its unit).
QString withSuffix(double scaled, int decimals, ValueUnit unit, int exponent, const QLocale& locale) {
    const QString suffix = suffixOf(unit, exponent);
    QString text = locale.toString(scaled, 'f', decimals);
    if (decimals > 0) {
        const QString point = locale.decimalPoint();
        while (text.endsWith(locale.zeroDigit()))
            text.chop(locale.zeroDigit().size());
        if (text.endsWith(point))
            text.chop(point.size());
    }
    if (text == QLatin1String("-0"))
        text = locale.toString(0);
    if (unit == ValueUnit::Bytes)
        return display::sizeWithUnit(text, exponent);
    return suffix.isEmpty() ? text : text + QChar(QChar::Nbsp) + suffix;
}

} // namespace

TimeAxis ChartAxis::time(Micros first, Micros last, int maxTicks) {
    first = std::clamp(first, kFirstFormattable + kMicrosPerDay, kLastFormattable - kMicrosPerDay);
    last = std::clamp(last, kFirstFormattable + kMicrosPerDay, kLastFormattable - kMicrosPerDay);
    if (last < first)
        std::swap(first, last);
    if (first == last) {
        first -= 30 * kMicrosPerMinute;
        last += 30 * kMicrosPerMinute;
    }
    maxTicks = std::max(2, maxTicks);
    TimeAxis axis{first, last, kSteps.back(), {}};
    for (const TimeStep& step : kSteps) {
        std::vector<Micros> ticks = ticksOf(first, last, step, maxTicks);
        if (int(ticks.size()) <= maxTicks || &step == &kSteps.back()) {
            axis.step = step;
            axis.ticks = std::move(ticks);
            break;
        }
    }
    return axis;
}

QString ChartAxis::timeLabel(Micros t, const TimeStep& step) {
    const QDate d = dateOf(t);
    const Micros inDay = t - microsOf(d);
    switch (step.unit) {
    case Unit::Second:
    case Unit::Minute:
    case Unit::Hour:
        if (inDay != 0)
            return display::timeOfDay(t);
        [[fallthrough]];
    case Unit::Day:
    case Unit::Week:
        return display::dayAndMonth(t);
    case Unit::Month:
        if (d.month() != 1)
            return display::monthOnly(t);
        [[fallthrough]];
    case Unit::Year:
        break;
    }
    return QString::number(d.year());
}

QString ChartAxis::instantText(Micros t) {
    const Micros inDay = t - floorToStep(t, kMicrosPerDay);
    if (inDay == 0)
        return display::date(t);
    return inDay % kMicrosPerMinute == 0 ? display::instant(t) : display::instantSeconds(t);
}

ValueAxis ChartAxis::value(double low, double high, int maxTicks, ValueUnit unit) {
    if (!std::isfinite(low) || !std::isfinite(high))
        low = high = 0;
    low = std::min({low, high, 0.0});
    high = std::max({low, high, 0.0});
    if (high == low)
        high = low + 1;
    const double base = unit == ValueUnit::Bytes ? 1024 : 1000;
    const double scale = powerOf(base, scaleExponent(std::max(std::abs(low), std::abs(high)), unit));
    const double raw = (high - low) / scale / std::max(1, maxTicks - 1);
    const double decade = powerOf(10, int(std::floor(std::log10(raw))));
    double step = decade * 10;
    for (const double nice : {1.0, 2.0, 5.0})
        if (nice * decade >= raw * (1 - 1e-9)) {
            step = nice * decade;
            break;
        }
    step *= scale;
    if (unit != ValueUnit::Number)
        step = std::max(step, 1.0);
    ValueAxis axis{
        std::floor(low / step + 1e-9) * step, std::ceil(high / step - 1e-9) * step, step, scale, {}};
    const long long intervals = std::llround((axis.to - axis.from) / step);
    for (long long i = 0; i <= intervals; ++i)
        axis.ticks.push_back(axis.from + double(i) * step);
    return axis;
}

QString ChartAxis::valueLabel(double v, const ValueAxis& axis, ValueUnit unit, const QLocale& locale) {
    if (v == 0)
        return locale.toString(0);
    const int exponent = scaleExponent(axis.scale, unit);
    const int decimals = std::clamp(int(std::ceil(-std::log10(axis.step / axis.scale) - 1e-9)), 0, 6);
    return withSuffix(v / axis.scale, decimals, unit, exponent, locale);
}

QString ChartAxis::valueText(double v, ValueUnit unit, const QLocale& locale) {
    if (unit == ValueUnit::Bytes && std::abs(v) < 9e18)
        return display::size(std::llround(v));
    if (unit == ValueUnit::Count && v == std::round(v) && std::abs(v) < 1e15)
        return locale.toString(qlonglong(v));
    const int exponent = scaleExponent(std::abs(v), unit);
    const double scaled = v / powerOf(unit == ValueUnit::Bytes ? 1024 : 1000, exponent);
    const int decimals = std::abs(scaled) >= 100 || (unit == ValueUnit::Bytes && exponent == 0) ? 0
                         : std::abs(scaled) >= 10                                               ? 1
                                                                                                : 2;
    return withSuffix(scaled, decimals, unit, exponent, locale);
}

} // namespace tidemark::ui
