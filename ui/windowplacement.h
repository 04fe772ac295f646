#pragma once

#include <QRect>

namespace tidemark::ui {

// Where the console's window goes on a screen, as a rule on rectangles (the screen comes in as its available
// geometry, so tests need no screen of that size). A first start takes 90 % of the screen's available area,
// centred; a screen narrower than kRoomyWidth or lower than kRoomyHeight is too small to give a tenth away,
// and the window opens maximised there. A saved geometry is used again only while it fits the screen the
// window opens on.
struct WindowPlacement {
    static constexpr int kRoomyWidth = 1600;
    static constexpr int kRoomyHeight = 960;
    static constexpr double kShare = 0.9;

    QRect geometry; // the normal geometry (also the maximised window's, where no window manager is)
    bool maximized = false;

    static WindowPlacement firstStart(const QRect& available);
    // True when `frame` lies wholly inside `available` (a restored window that does not is placed anew).
    static bool fits(const QRect& frame, const QRect& available);
};

} // namespace tidemark::ui
