#pragma once

#include "timestamp.h"

#include <QString>
#include <QTimeZone>

// The one formatter of what the console and the CLI's text output show: sizes, durations, counts, shares,
// instants, ages and coordinates. Every figure a widget or a text report shows goes through it, so a size
// reads the same in the Home, a table and a report. Numbers follow the default QLocale (the console's
// language; the CLI sets the C locale); unit names are translated (context "DisplayFormat").
namespace tidemark::display {

// IEC binary units, the one unit system: "512 B", "4.00 KiB", "40.3 MiB", "1.85 GiB", "2.00 TiB" (three
// significant digits from KiB up).
QString size(qint64 bytes);
// A figure already scaled to 1024^power bytes (0 to 5), in that unit: ("1.5", 3) is "1.5 GiB". For chart
// axes, whose decimals follow their step; every other size is size().
QString sizeWithUnit(const QString& scaled, int power);

// "0.4 s" under 10 s, "42 s", "3 min 5 s", "2 h 5 min", "3 d 4 h". Negative durations keep their sign.
QString duration(double seconds);

// A short time in milliseconds, as a lock is measured: "0.4 ms", "26.4 ms" (one decimal under 100 ms),
// "140 ms", "1,000 ms".
QString milliseconds(double ms);

// A throughput in bytes per second, in size()'s units: "53.5 MiB/s".
QString sizePerSecond(double bytesPerSecond);

// A whole count with the locale's digit grouping: "3,323,319".
QString count(qint64 n);

// A number with `decimals` places in the locale's form: "12.5".
QString number(double value, int decimals);

// A share as a percentage: fraction 0.033 is "3.3 %".
QString percent(double fraction, int decimals = 1);

// Instants, always in UTC, in one ISO-like form: "2026-12-07 10:59 UTC" (minutes),
// "2026-12-07 10:59:48 UTC" (seconds), "2026-12-07" (the day), "2026-07-13 – 2026-07-20" (two days).
QString instant(Micros t);
QString instantSeconds(Micros t);
QString date(Micros t);
QString dateRange(Micros from, Micros to);
// A month as a time axis labels it, in the console's language: "Dec 2026".
QString month(Micros t);
// The parts a time axis labels its ticks with: "14:05" ("14:05:30" when the seconds are not zero), "4 Mar",
// "Mar" (the console's language, UTC).
QString timeOfDay(Micros t);
// The time of day at `t` on the clock of `zone`: "01:30" (the maintenance window's zone).
QString timeOfDay(Micros t, const QTimeZone& zone);
QString dayAndMonth(Micros t);
QString monthOnly(Micros t);

// An instant in a named time zone (a maintenance window's), by its day there relative to `now`: "today
// 22:00", "tomorrow 01:00", "Mon 3 Jun 22:00". An unknown zone is UTC.
QString inZone(Micros t, Micros now, const QString& zoneId);

// How long before `now` a figure was measured: "just now", "3 min ago", "2 h ago", "4 days ago". A `then`
// after `now` is "just now".
QString age(Micros then, Micros now);

// A position in the map readout's order and form, latitude first, signed degrees with '.' in every
// language: "52.5200, 13.4050".
QString coordinate(double lat, double lon, int decimals = 4);
// A box by its south-west and north-east corners, each as coordinate(): "52.0726, 33.4544
// – 58.3227, 48.5267".
QString box(double south, double west, double north, double east, int decimals = 4);

// The plural form tr(…, n) needs for a count that may not fit an int (the last two digits decide it in
// English and Russian).
int pluralForm(qint64 n);

} // namespace tidemark::display
