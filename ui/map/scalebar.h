#pragma once

#include <QString>

class QPainter;
class QPoint;

namespace tidemark::ui {

// A scale bar of a round length (1, 2 or 5 × 10ⁿ metres) no longer than a given number of pixels.
class ScaleBar {
  public:
    struct Choice {
        double metres = 0;
        int pixels = 0;
        QString label; // "50 m", "2 km", "20 cm"
    };

    static Choice choose(double metresPerPixel, int maximumPixels);
    // Draws the bar with its bottom-right corner at `bottomRight`.
    static void paint(QPainter& painter, const QPoint& bottomRight, const Choice& choice);
};

} // namespace tidemark::ui
