#include "trackpainter.h"

#include "gridline.h"

#include <QImage>
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <vector>

namespace tidemark::ui {

namespace {

constexpr double kFar = 16384.0;            // beyond this a segment is clipped in doubles first
constexpr std::size_t kCancelStride = 1024; // chunks between two looks at the cancel flag
constexpr std::uint8_t kPathBit = 0x80;

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

// The frame is first rasterised into one byte per pixel: bit c (0–6) says that point class c hit the pixel,
// bit 7 that the path crossed it. OR-ing bits is idempotent, so a pixel hit a hundred times costs a hundred
// byte writes and nothing else, and the 1 MB map stays in cache. The image is written once at the end.
class TrackRasteriser {
  public:
    TrackRasteriser(const MapViewport& viewport, const TrackPoints& track, const TrackPainter::Style& style,
                    TrackPainter::Stats& stats)
        : m_track(track), m_style(style), m_stats(stats), m_scale(viewport.worldSize()),
          m_ox(viewport.topLeftUnit().x() * m_scale), m_oy(viewport.topLeftUnit().y() * m_scale),
          m_width(viewport.size().width()), m_height(viewport.size().height()),
          m_mask(static_cast<std::size_t>(m_width) * static_cast<std::size_t>(m_height), 0) {}

    double screenX(double unitX) const { return unitX * m_scale - m_ox; }
    double screenY(double unitY) const { return unitY * m_scale - m_oy; }
    int width() const { return m_width; }
    int height() const { return m_height; }

    void point(std::size_t i) {
        const double x = screenX(m_track.unitX[i]);
        const double y = screenY(m_track.unitY[i]);
        const bool near = x > -kFar && x < kFar && y > -kFar && y < kFar;
        const int px = near ? static_cast<int>(x + kFar) - static_cast<int>(kFar) : 0; // floor, x > −kFar
        const int py = near ? static_cast<int>(y + kFar) - static_cast<int>(kFar) : 0;
        if (m_style.drawPoints && near && contains(px, py))
            at(px, py) |= classBit(m_track.classIndex[i]);
        if (!m_style.drawPath)
            return;
        // A vertex in the same pixel as the previous drawn one adds nothing. Far points are never merged.
        if (m_havePrevious && m_previousNear && near && px == m_previousPixelX && py == m_previousPixelY)
            return;
        if (m_havePrevious)
            segment(x, y, px, py, near);
        remember(x, y, px, py, near);
    }

    // The points after `first` up to `last` lie off screen: no segment between them can show.
    void skipTo(std::size_t last) {
        remember(screenX(m_track.unitX[last]), screenY(m_track.unitY[last]), 0, 0, false);
    }

    // The points after `first` up to `last` all fall into pixel (px, py) with these classes.
    void collapse(std::size_t last, int px, int py, std::uint32_t classMask) {
        if (contains(px, py)) {
            std::uint8_t bits = m_style.drawPath ? kPathBit : 0;
            if (m_style.drawPoints)
                for (std::size_t c = 0; c < 32; ++c)
                    if (classMask & (1u << c))
                        bits |= classBit(static_cast<std::uint8_t>(c));
            at(px, py) |= bits;
        }
        remember(screenX(m_track.unitX[last]), screenY(m_track.unitY[last]), px, py, true);
    }

    // Writes the picture: a pixel takes the colour of its highest class (classes are painted in order), else
    // the path's. With few points each gets a plus-shaped mark of four more pixels, centres staying on top.
    void writeImage(QImage& image) {
        std::array<quint32, 256> colourOf{};
        const int classCount = static_cast<int>(std::min<qsizetype>(m_track.classes.size(), 7));
        for (int m = 1; m < 256; ++m) {
            int top = -1;
            for (int c = 0; c < 7; ++c)
                if (m & (1 << c))
                    top = c;
            if (top >= 0)
                colourOf[m] =
                    qPremultiply((top < classCount ? m_track.classes[top].colour : QColor(Qt::black)).rgba());
            else if (m & kPathBit)
                colourOf[m] = qPremultiply(m_style.pathColour.rgba());
        }
        std::size_t pointPixels = 0;
        std::vector<int> rowsWithPoints;
        for (int y = 0; y < m_height; ++y) {
            auto* line = reinterpret_cast<quint32*>(image.scanLine(y));
            const std::uint8_t* maskLine = m_mask.data() + static_cast<std::size_t>(y) * m_width;
            std::size_t inRow = 0;
            for (int x = 0; x < m_width; ++x) {
                line[x] = colourOf[maskLine[x]];
                inRow += (maskLine[x] & ~kPathBit) != 0;
            }
            if (inRow > 0)
                rowsWithPoints.push_back(y);
            pointPixels += inRow;
        }
        m_stats.points = pointPixels;
        if (pointPixels >= static_cast<std::size_t>(m_style.markThreshold))
            return;
        for (const int y : rowsWithPoints)
            for (int x = 0; x < m_width; ++x) {
                const std::uint8_t bits = m_mask[static_cast<std::size_t>(y) * m_width + x] & ~kPathBit;
                if (bits == 0)
                    continue;
                for (const auto& [dx, dy] :
                     {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
                    const int nx = x + dx, ny = y + dy;
                    if (!contains(nx, ny) || (at(nx, ny) & ~kPathBit) > bits)
                        continue; // outside, or a neighbour's own point of a higher class
                    reinterpret_cast<quint32*>(image.scanLine(ny))[nx] = colourOf[bits];
                }
            }
    }

  private:
    bool contains(int x, int y) const {
        return static_cast<unsigned>(x) < static_cast<unsigned>(m_width) &&
               static_cast<unsigned>(y) < static_cast<unsigned>(m_height);
    }
    std::uint8_t& at(int x, int y) { return m_mask[static_cast<std::size_t>(y) * m_width + x]; }
    static std::uint8_t classBit(std::uint8_t pointClass) {
        return std::uint8_t(1u << std::min<int>(pointClass, 6));
    }

    void segment(double x, double y, int px, int py, bool near) {
        if (near && m_previousNear) {
            // Both ends near: their pixels are known, no floor() and no clipping needed.
            if (std::max(px, m_previousPixelX) < 0 || std::min(px, m_previousPixelX) >= m_width ||
                std::max(py, m_previousPixelY) < 0 || std::min(py, m_previousPixelY) >= m_height)
                return;
            rasterise(m_previousPixelX, m_previousPixelY, px, py);
            return;
        }
        const double minX = std::min(m_previousX, x), maxX = std::max(m_previousX, x);
        const double minY = std::min(m_previousY, y), maxY = std::max(m_previousY, y);
        if (maxX < -1 || minX > m_width + 1 || maxY < -1 || minY > m_height + 1)
            return;
        double x0 = m_previousX, y0 = m_previousY, x1 = x, y1 = y;
        if (!clipSegment(x0, y0, x1, y1, -2, -2, m_width + 2, m_height + 2))
            return;
        rasterise(static_cast<int>(std::floor(x0)), static_cast<int>(std::floor(y0)),
                  static_cast<int>(std::floor(x1)), static_cast<int>(std::floor(y1)));
    }

    bool pathAt(int x, int y) { return contains(x, y) && (at(x, y) & kPathBit); }

    // Bresenham, both ends included; a segment whose end and middle pixels the path already crossed is
    // dropped (repeated passes over the same lanes).
    void rasterise(int x0, int y0, int x1, int y1) {
        if (pathAt(x1, y1) && pathAt((x0 + x1) / 2, (y0 + y1) / 2)) {
            ++m_stats.pathSegmentsSkipped;
            return;
        }
        ++m_stats.pathSegments;
        forEachGridCell(x0, y0, x1, y1, [this](int x, int y) {
            if (contains(x, y))
                at(x, y) |= kPathBit;
            return true;
        });
    }

    void remember(double x, double y, int px, int py, bool near) {
        m_havePrevious = true;
        m_previousNear = near;
        m_previousX = x;
        m_previousY = y;
        m_previousPixelX = px;
        m_previousPixelY = py;
    }

    const TrackPoints& m_track;
    const TrackPainter::Style& m_style;
    TrackPainter::Stats& m_stats;
    const double m_scale, m_ox, m_oy;
    const int m_width, m_height;
    std::vector<std::uint8_t> m_mask;

    bool m_havePrevious = false;
    bool m_previousNear = false;
    int m_previousPixelX = 0, m_previousPixelY = 0;
    double m_previousX = 0, m_previousY = 0;
};

} // namespace

TrackPainter::Stats TrackPainter::paint(QImage& image, const MapViewport& viewport, const TrackPoints& track,
                                        const Style& style, const std::atomic<bool>& cancelled) {
    Stats stats;
    const std::size_t n = track.size();
    const std::size_t chunkCount = (n + TrackPoints::kChunkSize - 1) / TrackPoints::kChunkSize;
    if (n == 0 || viewport.isEmpty() || image.format() != QImage::Format_ARGB32_Premultiplied ||
        image.size() != viewport.size() || track.chunks.size() != chunkCount)
        return stats;

    TrackRasteriser rasteriser(viewport, track, style, stats);
    for (std::size_t k = 0; k < chunkCount; ++k) {
        if (k % kCancelStride == 0 && cancelled.load(std::memory_order_relaxed)) {
            stats.cancelled = true;
            return stats;
        }
        const TrackPoints::Chunk& chunk = track.chunks[k];
        const std::size_t first = k * TrackPoints::kChunkSize;
        const std::size_t last = std::min(n, first + TrackPoints::kChunkSize) - 1;
        rasteriser.point(first); // joins this chunk to the previous one
        if (first == last)
            continue;
        const double x0 = rasteriser.screenX(chunk.minX), x1 = rasteriser.screenX(chunk.maxX);
        const double y0 = rasteriser.screenY(chunk.minY), y1 = rasteriser.screenY(chunk.maxY);
        if (x1 < -1 || x0 > rasteriser.width() + 1 || y1 < -1 || y0 > rasteriser.height() + 1) {
            rasteriser.skipTo(last);
            continue;
        }
        const int px = static_cast<int>(std::floor(x0)), py = static_cast<int>(std::floor(y0));
        if (px == static_cast<int>(std::floor(x1)) && py == static_cast<int>(std::floor(y1))) {
            rasteriser.collapse(last, px, py, chunk.classMask);
            continue;
        }
        for (std::size_t i = first + 1; i <= last; ++i)
            rasteriser.point(i);
    }
    if (cancelled.load(std::memory_order_relaxed)) {
        stats.cancelled = true;
        return stats;
    }
    rasteriser.writeImage(image);
    return stats;
}

} // namespace tidemark::ui
