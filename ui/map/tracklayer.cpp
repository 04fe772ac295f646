#include "tracklayer.h"

#include <QImage>

namespace tidemark::ui {

TrackLayer::TrackLayer(const QString& name, const QString& explanation, QObject* parent)
    : MapLayer(name, parent), m_explanation(explanation) {}

void TrackLayer::setPoints(std::shared_ptr<const TrackPoints> points) {
    m_points = std::move(points);
    markContentChanged();
}

void TrackLayer::setStyle(const TrackPainter::Style& style) {
    m_style = style;
    markContentChanged();
}

QList<LegendEntry> TrackLayer::legend() const {
    QList<LegendEntry> entries;
    if (m_style.drawPath)
        entries.append({m_style.pathColour, tr("path")});
    if (m_points && m_style.drawPoints)
        for (const auto& pointClass : m_points->classes)
            entries.append({pointClass.colour, pointClass.label});
    return entries;
}

QGeoRectangle TrackLayer::extent() const {
    return m_points ? m_points->extent : QGeoRectangle();
}

LayerRenderFunction TrackLayer::renderFunction() const {
    return [points = m_points, style = m_style](QImage& image, const MapViewport& viewport,
                                                const std::atomic<bool>& cancelled) {
        if (points)
            TrackPainter::paint(image, viewport, *points, style, cancelled);
    };
}

} // namespace tidemark::ui
