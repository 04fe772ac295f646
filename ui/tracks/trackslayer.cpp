#include "trackslayer.h"

#include "webmercator.h"

#include <QImage>
#include <QPainter>
#include <QPolygonF>
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
    return [lines = m_lines, highlighted = m_highlighted, selected = m_selected](
               QImage& image, const MapViewport& viewport, const std::atomic<bool>& cancelled) {
        const QPointF topLeft = viewport.screenToUnit(QPointF(-2, -2));
        const QPointF bottomRight =
            viewport.screenToUnit(QPointF(viewport.size().width() + 2, viewport.size().height() + 2));
        const QRectF unitView(topLeft, bottomRight);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing, false);
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
            painter.setPen(QPen(lines->colours.value(line.colour), 0));
            drawLine(painter, *lines, line, viewport, scratch);
        }
        painter.setPen(QPen(QColor(0xff, 0x00, 0xc8), 0));
        for (const Lines::Line* line : later)
            drawLine(painter, *lines, *line, viewport, scratch);
        if (chosen) {
            painter.setPen(QPen(Qt::white, 4, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            drawLine(painter, *lines, *chosen, viewport, scratch);
            painter.setPen(QPen(Qt::black, 2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
            drawLine(painter, *lines, *chosen, viewport, scratch);
        }
    };
}

} // namespace tidemark::ui
