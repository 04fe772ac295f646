#pragma once

#include "map/mapviewport.h"
#include "map/trackpoints.h"

#include <QColor>
#include <atomic>

class QPainter;

namespace tidemark::ui {

// Draws a TrackPoints set for a viewport with 1 px lines and points, decimated to pixels: a vertex of the path
// is dropped when it falls in the same pixel as the previous drawn one, a point when it falls in the same pixel
// as the previous drawn point of its class. Off-screen segments are culled and long ones clipped before
// QPainter sees them (its fixed-point coordinates overflow far outside the image).
class TrackPainter {
public:
    struct Style {
        bool drawPath = true;
        QColor pathColour{90, 90, 100, 150};
        bool drawPoints = true;
        // Below this many drawn points each point gets a plus-shaped 5-pixel mark, so single fixes stay visible
        // when zoomed in; still 1 px points, never a wide pen.
        int markThreshold = 40000;
    };

    struct Stats {
        std::size_t pathSegments = 0;
        std::size_t points = 0;
        bool cancelled = false;
    };

    static Stats paint(QPainter& painter, const MapViewport& viewport, const TrackPoints& track, const Style& style,
                       const std::atomic<bool>& cancelled);
};

} // namespace tidemark::ui
