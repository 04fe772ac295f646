#pragma once

#include "mapviewport.h"
#include "trackpoints.h"

#include <QColor>
#include <atomic>

class QImage;

namespace tidemark::ui {

// Draws a TrackPoints set for a viewport into an image with 1 px lines and points, decimated to pixels:
// the path drops a vertex that falls in the same pixel as the previous drawn one and a segment whose end and
// middle pixels it has already crossed (repeated passes over the same lanes); a point only marks its pixel
// for its class, so a pixel hit many times is written once. Runs of points that are off screen, or all inside
// one pixel, are handled per chunk. Pixels are written directly, not through QPainter: at a million rows its
// per-primitive cost alone was several times the frame budget. Up to 7 classes keep their own colour (later
// classes share the 7th); the colour of a pixel is that of its highest class, then the path's.
class TrackPainter {
  public:
    struct Style {
        bool drawPath = true;
        QColor pathColour{90, 90, 100, 150};
        bool drawPoints = true;
        // Below this many drawn points each point gets a plus-shaped 5-pixel mark, so single fixes stay
        // visible when zoomed in; still 1 px strokes, never a wide pen.
        int markThreshold = 40000;
    };

    struct Stats {
        std::size_t pathSegments = 0;        // rasterised
        std::size_t pathSegmentsSkipped = 0; // already painted
        std::size_t points = 0;              // pixels showing a point
        bool cancelled = false;
    };

    // `image` must be ARGB32 premultiplied and the viewport's size.
    static Stats paint(QImage& image, const MapViewport& viewport, const TrackPoints& track,
                       const Style& style, const std::atomic<bool>& cancelled);
};

} // namespace tidemark::ui
