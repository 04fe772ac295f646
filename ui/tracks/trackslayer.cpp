#include "trackslayer.h"

#include "webmercator.h"

#include <QImage>
#include <QPainter>
#include <QPolygonF>
#include <algorithm>
#include <cmath>

namespace tidemark::ui {

namespace {
// Draws one line's vertices (unit square) as a 1 px polyline, dropping vertices on the previous one's pixel.
void drawLine(QPainter& painter, const TracksLayer::Lines& lines, const TracksLayer::Lines::Line& line,
              const MapViewport& viewport, QPolygonF& scratch) {
    scratch.clear();
    QPoint last(INT_MIN, INT_MIN);
    for (std::size_t i = line.first; i < line.first + line.count; ++i) {
        const QPointF p = viewport.unitToScreen(lines.unit[i]);
        const QPoint pixel(int(std::floor(p.x())), int(std::floor(p.y())));
        if (pixel == last && i + 1 != line.first + line.count)
            continue;
        last = pixel;
        scratch.append(p);
    }
    if (scratch.size() == 1)
        scratch.append(scratch.first() + QPointF(1, 0));
    painter.drawPolyline(scratch);
}

bool onScreen(const TracksLayer::Lines::Line& line, const QRectF& unitView) {
    return line.maxX >= unitView.left() && line.minX <= unitView.right() && line.maxY >= unitView.top() &&
           line.minY <= unitView.bottom();
}
} // namespace

TracksLayer::TracksLayer()
    : MapLayer(tr("Tracks")), m_lines(std::make_shared<Lines>()),
      m_highlighted(std::make_shared<QSet<qint64>>()) {}

QColor TracksLayer::colourOf(const QString& activity) {
    if (activity == QLatin1String("enduro"))
        return QColor(0xe0, 0x6c, 0x00);
    if (activity == QLatin1String("mtb"))
        return QColor(0x2e, 0x7d, 0x32);
    if (activity == QLatin1String("hike"))
        return QColor(0x15, 0x65, 0xc0);
    if (activity == QLatin1String("moto"))
        return QColor(0x79, 0x55, 0x48);
    return QColor(0x60, 0x60, 0x60);
}

void TracksLayer::setTracks(const std::shared_ptr<const std::vector<tracks::SimplifiedTrack>>& tracks) {
    auto lines = std::make_shared<Lines>();
    m_activities.clear();
    if (tracks) {
        std::size_t points = 0;
        for (const tracks::SimplifiedTrack& t : *tracks)
            points += t.points.size();
        lines->unit.reserve(points);
        lines->lines.reserve(tracks->size());
        double minLon = 180, minLat = 90, maxLon = -180, maxLat = -90;
        for (const tracks::SimplifiedTrack& t : *tracks) {
            if (t.points.empty())
                continue;
            int colour = int(m_activities.indexOf(t.activity));
            if (colour < 0) {
                colour = int(m_activities.size());
                m_activities.append(t.activity);
                lines->colours.append(colourOf(t.activity));
            }
            Lines::Line line;
            line.id = t.id;
            line.colour = colour;
            line.first = lines->unit.size();
            line.count = t.points.size();
            line.minX = line.minY = 2;
            line.maxX = line.maxY = -1;
            for (const tracks::LonLat& p : t.points) {
                const QPointF u = WebMercator::toUnit(p.lon, p.lat);
                lines->unit.push_back(u);
                line.minX = std::min(line.minX, u.x());
                line.maxX = std::max(line.maxX, u.x());
                line.minY = std::min(line.minY, u.y());
                line.maxY = std::max(line.maxY, u.y());
                minLon = std::min(minLon, p.lon);
                maxLon = std::max(maxLon, p.lon);
                minLat = std::min(minLat, p.lat);
                maxLat = std::max(maxLat, p.lat);
            }
            lines->lines.push_back(line);
        }
        if (!lines->lines.empty())
            lines->extent = QGeoRectangle(QGeoCoordinate(maxLat, minLon), QGeoCoordinate(minLat, maxLon));
    }
    m_lines = lines;
    markContentChanged();
}

QRgb TracksLayer::densityColour(qint32 count, qint32 most) {
    if (count <= 0)
        return 0;
    // A logarithmic ramp from a light amber (one track) to a deep red (the busiest pixel in view), so that a
    // lone ride shows beside a road that thousands took.
    const double t = most > 1 ? std::log1p(double(count - 1)) / std::log1p(double(most - 1)) : 0.0;
    const auto mix = [t](int a, int b) { return int(std::lround(a + (b - a) * std::clamp(t, 0.0, 1.0))); };
    const int alpha = mix(150, 255);
    const int red = mix(245, 150), green = mix(166, 10), blue = mix(35, 40);
    return qRgba(red * alpha / 255, green * alpha / 255, blue * alpha / 255, alpha); // premultiplied
}

void TracksLayer::setDensity(const std::shared_ptr<const std::vector<tracks::DensityTile>>& tiles) {
    auto images = std::make_shared<std::vector<DensityImage>>();
    if (tiles) {
        qint32 most = 0;
        for (const tracks::DensityTile& tile : *tiles)
            for (qint32 c : tile.counts)
                most = std::max(most, c);
        for (const tracks::DensityTile& tile : *tiles) {
            QImage image(tracks::TrackDensity::kTileSize, tracks::TrackDensity::kTileSize,
                         QImage::Format_ARGB32_Premultiplied);
            for (int y = 0; y < tracks::TrackDensity::kTileSize; ++y) {
                auto* row = reinterpret_cast<QRgb*>(image.scanLine(y));
                for (int x = 0; x < tracks::TrackDensity::kTileSize; ++x)
                    row[x] = densityColour(tile.counts[std::size_t(y * tracks::TrackDensity::kTileSize + x)],
                                           most);
            }
            images->push_back({tile.key, std::move(image)});
        }
    }
    m_density = images;
    markContentChanged();
}

void TracksLayer::setHighlighted(const QSet<qint64>& ids) {
    m_highlighted = std::make_shared<QSet<qint64>>(ids);
    markContentChanged();
}

void TracksLayer::setSelected(qint64 id) {
    if (id == m_selected)
        return;
    m_selected = id;
    markContentChanged();
}

qint64 TracksLayer::lineAt(const MapViewport& viewport, const QPointF& screen, double pixels) const {
    const Lines& lines = *m_lines;
    double best = pixels * pixels;
    qint64 found = 0;
    for (const Lines::Line& line : lines.lines) {
        for (std::size_t i = line.first; i + 1 < line.first + line.count; ++i) {
            const QPointF a = viewport.unitToScreen(lines.unit[i]);
            const QPointF b = viewport.unitToScreen(lines.unit[i + 1]);
            const QPointF ab = b - a;
            const double length2 = QPointF::dotProduct(ab, ab);
            const double t =
                length2 > 0 ? std::clamp(QPointF::dotProduct(screen - a, ab) / length2, 0.0, 1.0) : 0.0;
            const QPointF d = a + t * ab - screen;
            const double distance2 = QPointF::dotProduct(d, d);
            if (distance2 < best) {
                best = distance2;
                found = line.id;
            }
        }
    }
    return found;
}

QString TracksLayer::explanation() const {
    return tr("The tracks in view, simplified for the zoom and coloured by activity; magenta: the tracks a "
              "retention run would delete; black: the selected track.");
}

QList<LegendEntry> TracksLayer::legend() const {
    QList<LegendEntry> entries;
    for (int i = 0; i < m_activities.size(); ++i)
        entries.append({m_lines->colours.value(i), m_activities.at(i)});
    entries.append({QColor(0xff, 0x00, 0xc8), tr("retention preview")});
    return entries;
}

QGeoRectangle TracksLayer::extent() const {
    return m_lines->extent;
}

LayerRenderFunction TracksLayer::renderFunction() const {
    return [lines = m_lines, density = m_density, highlighted = m_highlighted, selected = m_selected](
               QImage& image, const MapViewport& viewport, const std::atomic<bool>& cancelled) {
        const QPointF topLeft = viewport.screenToUnit(QPointF(-2, -2));
        const QPointF bottomRight =
            viewport.screenToUnit(QPointF(viewport.size().width() + 2, viewport.size().height() + 2));
        const QRectF unitView(topLeft, bottomRight);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing, false);
        for (const DensityImage& tile : *density) {
            const double side = 1.0 / double(1 << tile.key.zoom);
            const QRectF unit(tile.key.x * side, tile.key.y * side, side, side);
            if (!unit.intersects(unitView))
                continue;
            const QRectF screen(viewport.unitToScreen(unit.topLeft()),
                                viewport.unitToScreen(unit.bottomRight()));
            // Scaled down, a level's pixels are averaged; scaled up (past the finest level), they stay crisp.
            painter.setRenderHint(QPainter::SmoothPixmapTransform, screen.width() < tile.image.width());
            painter.drawImage(screen, tile.image);
        }
        // Widths in logical pixels: a one-pixel line is a cosmetic hairline at scale 1, 2 device pixels at 2.
        const double ratio = viewport.pixelRatio();
        const double hairline = ratio > 1 ? ratio : 0;
        QPolygonF scratch;
        std::vector<const Lines::Line*> later;
        const Lines::Line* chosen = nullptr;
        int drawn = 0;
        for (const Lines::Line& line : lines->lines) {
            if ((++drawn & 1023) == 0 && cancelled.load())
                return;
            if (!onScreen(line, unitView))
                continue;
            if (line.id == selected) {
                chosen = &line;
                continue;
            }
            if (highlighted->contains(line.id)) {
                later.push_back(&line);
                continue;
            }
            painter.setPen(QPen(lines->colours.value(line.colour), hairline));
            drawLine(painter, *lines, line, viewport, scratch);
        }
        painter.setPen(QPen(QColor(0xff, 0x00, 0xc8), hairline));
        for (const Lines::Line* line : later)
            drawLine(painter, *lines, *line, viewport, scratch);
        if (chosen) {
            painter.setPen(QPen(Qt::white, 4 * ratio, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            drawLine(painter, *lines, *chosen, viewport, scratch);
            painter.setPen(QPen(Qt::black, 2 * ratio, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            drawLine(painter, *lines, *chosen, viewport, scratch);
        }
    };
}

} // namespace tidemark::ui
