#pragma once

#include "timestamp.h"

#include <QCoreApplication>
#include <QLocale>
#include <QString>
#include <vector>

namespace tidemark::ui {

// How the values of a chart read: plain numbers (1,234.5), counts (12.3 M) or bytes (1.5 GiB, powers of
// 1024 as the console's other sizes). Counts and bytes never get a tick step below 1.
enum class ValueUnit { Number, Count, Bytes };

// A calendar step in UTC: every `count` seconds, minutes, ..., years.
struct TimeStep {
    enum class Unit { Second, Minute, Hour, Day, Week, Month, Year };
    Unit unit = Unit::Day;
    int count = 1;
    bool operator==(const TimeStep&) const = default;
};

// The time range a chart shows and its ticks, which lie on the step's calendar boundaries (hours on the hour,
// weeks on Mondays, months on the first, 3 months on quarters, years on multiples of the count).
struct TimeAxis {
    Micros from = 0;
    Micros to = 0;
    TimeStep step;
    std::vector<Micros> ticks;
};

// The value range a chart shows: from and to are multiples of step, 1, 2 or 5 times a power of ten of
// `scale` (the unit the labels are written in: 1, 1e3, 1e6, ..., or 1024^k for bytes).
struct ValueAxis {
    double from = 0;
    double to = 1;
    double step = 1;
    double scale = 1;
    std::vector<double> ticks;
};

// The tick math of TimeChart: values in, values out, no widget.
class ChartAxis {
    Q_DECLARE_TR_FUNCTIONS(ChartAxis)
  public:
    // [first, last] with ticks at the finest step that gives at most maxTicks of them (2 at least). A single
    // instant is shown with half an hour either side of it.
    static TimeAxis time(Micros first, Micros last, int maxTicks);
    // What a tick of this step reads: "14:05:30" or "14:05" within a day and "4 Mar" at midnight (seconds,
    // minutes, hours), "4 Mar" (days, weeks), "Mar" and "2027" in January (months), "2027" (years).
    static QString timeLabel(Micros t, const TimeStep& step);
    // A full instant for a tooltip or a marker, as precise as it is: "2027-03-04" at midnight,
    // "2027-03-04 14:05 UTC" on a minute, "2027-03-04 14:05:30 UTC" otherwise.
    static QString instantText(Micros t);

    // A range that holds low, high and zero with at most maxTicks ticks (2 at least); all zero gives 0..1.
    static ValueAxis value(double low, double high, int maxTicks, ValueUnit unit);
    // A tick's label, in the axis's scale with the decimals its step needs: "0", "0.5 GiB", "12.5 M".
    static QString valueLabel(double v, const ValueAxis& axis, ValueUnit unit,
                              const QLocale& locale = QLocale());
    // One value on its own (tooltip, limit): counts exactly ("1,234,567"), others to three significant
    // digits.
    static QString valueText(double v, ValueUnit unit, const QLocale& locale = QLocale());
};

} // namespace tidemark::ui
