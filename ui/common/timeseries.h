#pragma once

#include "timestamp.h"

#include <QColor>
#include <QString>
#include <vector>

namespace tidemark::ui {

// One value of a series at an instant.
struct TimePoint {
    Micros at = 0;
    double value = 0;
    double stacked = 0; // bars: a second value drawn on top of `value` (TimeSeries::stackedName)
    QString note;       // more lines for the tooltip ("12.3 s, dry run")
};

// What TimeChart draws: one named series of points in time order.
struct TimeSeries {
    enum class Kind {
        Line, // points joined by straight lines
        Step, // each value held until the next point
        Bars  // a bar centred on each point, with the stacked value on top
    };
    QString name; // in the legend; empty: left out of it
    QColor colour;
    Kind kind = Kind::Line;
    // A projection rather than history: dashed lines, hatched bars. A projection that continues a history
    // series starts at that series' last point.
    bool projected = false;
    std::vector<TimePoint> points;
    QString stackedName; // bars: the stacked part's legend and tooltip name (empty: no stacked part)
    QColor stackedColour;
    Micros barWidth = 0; // bars: their width in time; 0: from the usual spacing of all such bars
};

// A horizontal line at a value, labelled at its right end: a budget, "2 GiB".
struct LimitLine {
    double value = 0;
    QString label;
    QColor colour; // invalid: the palette's text colour
};

// A vertical line at an instant, labelled at its top: "now", "budget reached on 2027-03-04".
struct TimeMarker {
    Micros at = 0;
    QString label;
    QColor colour; // invalid: the palette's text colour
};

} // namespace tidemark::ui
