#include "map/trackpainter.h"

#include <QLine>
#include <QPainter>
#include <QPoint>
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace tidemark::ui {

namespace {

constexpr double kFar = 16384.0;          // beyond this a segment is clipped in doubles first
constexpr std::size_t kCancelStride = 65536; // points between two looks at the cancel flag

struct PixelKey {
    int x = std::numeric_limits<int>::min();
    int y = std::numeric_limits<int>::min();
    bool operator==(const PixelKey&) const = default;
};

// Liang–Barsky clip of (x0,y0)-(x1,y1) to the box; false when nothing is left.
bool clipSegment(double& x0, double& y0, double& x1, double& y1, double minX, double minY, double maxX,
                 double maxY) {
    double t0 = 0, t1 = 1;
    const double dx = x1 - x0, dy = y1 - y0;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {x0 - minX, maxX - x0, y0 - minY, maxY - y0};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return false;
    }
    const double ox = x0, oy = y0;
    x0 = ox + t0 * dx;
    y0 = oy + t0 * dy;
    x1 = ox + t1 * dx;
    y1 = oy + t1 * dy;
    return true;
}

} // namespace

TrackPainter::Stats TrackPainter::paint(QPainter& painter, const MapViewport& viewport, const TrackPoints& track,
                                        const Style& style, const std::atomic<bool>& cancelled) {
    Stats stats;
    const std::size_t n = track.size();
    if (n == 0 || viewport.isEmpty())
        return stats;

    const double scale = viewport.worldSize();
    const QPointF origin = viewport.topLeftUnit();
    const double ox = origin.x() * scale, oy = origin.y() * scale;
    const double width = viewport.size().width(), height = viewport.size().height();
    const std::size_t classCount = std::max<std::size_t>(1, static_cast<std::size_t>(track.classes.size()));

    std::vector<QLine> segments;
    std::vector<std::vector<QPoint>> pointsByClass(classCount);
    std::vector<PixelKey> lastPointPixel(classCount);

    bool havePrevious = false;
    PixelKey previousPixel;
    double previousX = 0, previousY = 0;

    const double* ux = track.unitX.data();
    const double* uy = track.unitY.data();
    const std::uint8_t* cls = track.classIndex.data();

    for (std::size_t i = 0; i < n; ++i) {
        if (i % kCancelStride == 0 && cancelled.load(std::memory_order_relaxed)) {
            stats.cancelled = true;
            return stats;
        }
        const double x = ux[i] * scale - ox;
        const double y = uy[i] * scale - oy;
        const bool near = x > -kFar && x < kFar && y > -kFar && y < kFar;
        // Far points are never merged: their segments may still cross the image.
        const PixelKey pixel = near ? PixelKey{static_cast<int>(std::floor(x)), static_cast<int>(std::floor(y))}
                                    : PixelKey{};

        if (style.drawPoints && x >= 0 && x < width && y >= 0 && y < height) {
            const std::size_t c = std::min<std::size_t>(cls[i], classCount - 1);
            if (!(lastPointPixel[c] == pixel)) {
                lastPointPixel[c] = pixel;
                pointsByClass[c].emplace_back(pixel.x, pixel.y);
            }
        }

        if (!style.drawPath)
            continue;
        if (havePrevious && near && pixel == previousPixel)
            continue;
        if (havePrevious) {
            const double minX = std::min(previousX, x), maxX = std::max(previousX, x);
            const double minY = std::min(previousY, y), maxY = std::max(previousY, y);
            if (maxX >= -1 && minX <= width + 1 && maxY >= -1 && minY <= height + 1) {
                double x0 = previousX, y0 = previousY, x1 = x, y1 = y;
                const bool needsClip = !near || std::abs(x0) >= kFar || std::abs(y0) >= kFar;
                if (!needsClip || clipSegment(x0, y0, x1, y1, -2, -2, width + 2, height + 2))
                    segments.emplace_back(static_cast<int>(std::floor(x0)), static_cast<int>(std::floor(y0)),
                                          static_cast<int>(std::floor(x1)), static_cast<int>(std::floor(y1)));
            }
        }
        havePrevious = true;
        previousPixel = pixel;
        previousX = x;
        previousY = y;
    }

    painter.setRenderHint(QPainter::Antialiasing, false);
    if (!segments.empty()) {
        painter.setPen(QPen(style.pathColour, 1));
        painter.drawLines(segments.data(), static_cast<int>(segments.size()));
        stats.pathSegments = segments.size();
    }
    std::size_t pointTotal = 0;
    for (const auto& points : pointsByClass)
        pointTotal += points.size();
    const bool marks = pointTotal < static_cast<std::size_t>(style.markThreshold);
    for (std::size_t c = 0; c < classCount; ++c) {
        auto& points = pointsByClass[c];
        if (points.empty())
            continue;
        if (cancelled.load(std::memory_order_relaxed)) {
            stats.cancelled = true;
            return stats;
        }
        const QColor colour = c < static_cast<std::size_t>(track.classes.size()) ? track.classes[c].colour
                                                                                  : QColor(Qt::black);
        painter.setPen(QPen(colour, 1));
        if (marks) {
            std::vector<QPoint> plus;
            plus.reserve(points.size() * 5);
            for (const QPoint& p : points)
                for (const QPoint d : {QPoint(0, 0), QPoint(1, 0), QPoint(-1, 0), QPoint(0, 1), QPoint(0, -1)})
                    plus.push_back(p + d);
            points.swap(plus);
        }
        painter.drawPoints(points.data(), static_cast<int>(points.size()));
        stats.points += marks ? points.size() / 5 : points.size();
    }
    return stats;
}

} // namespace tidemark::ui
