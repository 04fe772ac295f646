#pragma once

#include "timestamp.h"

#include <QTimeZone>

namespace tidemark::positions {

struct PositionSettings;

// The nightly window of the thinning (spec/positions.md): inside when the local wall-clock hour h of `now`
// in the maintenance zone satisfies start = end, or start < end and start <= h < end, or start > end and
// (h >= start or h < end). DST needs no special case: only the wall-clock hour counts.
class ThinningWindow {
  public:
    ThinningWindow(int startHour, int endHour, QTimeZone zone);
    explicit ThinningWindow(const PositionSettings& settings);

    bool contains(Micros now) const;
    // When the window next opens at or after `now`: `now` itself when it is open, else the first quarter hour
    // (every zone's offset is a multiple of 15 minutes) at which it is; within two days, as every window
    // opens once a day.
    Micros nextOpening(Micros now) const;
    // When the window that is open at `opening` closes (the first quarter hour outside it); `opening` + one
    // day for a window that never closes (start = end).
    Micros closingAfter(Micros opening) const;
    int localHour(Micros now) const;
    static bool hourInside(int hour, int startHour, int endHour);

  private:
    int m_start;
    int m_end;
    QTimeZone m_zone;
};

} // namespace tidemark::positions
