#include "thinningwindow.h"

#include "positionsettings.h"

#include <QDateTime>

namespace tidemark::positions {

ThinningWindow::ThinningWindow(int startHour, int endHour, QTimeZone zone)
    : m_start(startHour), m_end(endHour), m_zone(std::move(zone)) {}

ThinningWindow::ThinningWindow(const PositionSettings& s)
    : ThinningWindow(s.windowStartHour, s.windowEndHour, s.maintenanceZone) {}

int ThinningWindow::localHour(Micros now) const {
    const qint64 msecs = floorDiv(now, 1000);
    return QDateTime::fromMSecsSinceEpoch(msecs, m_zone).time().hour();
}

bool ThinningWindow::hourInside(int h, int start, int end) {
    if (start == end)
        return true;
    if (start < end)
        return start <= h && h < end;
    return h >= start || h < end;
}

bool ThinningWindow::contains(Micros now) const {
    return hourInside(localHour(now), m_start, m_end);
}

namespace {
constexpr Micros kQuarterHour = 15 * 60 * Micros(1000000);
constexpr int kQuartersInTwoDays = 2 * 24 * 4;
} // namespace

Micros ThinningWindow::nextOpening(Micros now) const {
    if (contains(now))
        return now;
    Micros at = floorToStep(now, kQuarterHour) + kQuarterHour;
    for (int i = 0; i < kQuartersInTwoDays && !contains(at); ++i)
        at += kQuarterHour;
    return at;
}

Micros ThinningWindow::closingAfter(Micros opening) const {
    if (m_start == m_end)
        return opening + kMicrosPerDay;
    Micros at = floorToStep(opening, kQuarterHour) + kQuarterHour;
    for (int i = 0; i < kQuartersInTwoDays && contains(at); ++i)
        at += kQuarterHour;
    return at;
}

} // namespace tidemark::positions
