#include "windowplacement.h"

#include <cmath>

namespace tidemark::ui {

WindowPlacement WindowPlacement::firstStart(const QRect& available) {
    WindowPlacement placement;
    if (available.width() < kRoomyWidth || available.height() < kRoomyHeight) {
        placement.geometry = available;
        placement.maximized = true;
        return placement;
    }
    const QSize size(int(std::lround(available.width() * kShare)),
                     int(std::lround(available.height() * kShare)));
    placement.geometry = QRect(QPoint(0, 0), size);
    placement.geometry.moveCenter(available.center());
    return placement;
}

bool WindowPlacement::fits(const QRect& frame, const QRect& available) {
    return frame.isValid() && available.contains(frame);
}

} // namespace tidemark::ui
