#include "markerlayer.h"

#include <QPainter>

namespace tidemark::ui {

MarkerLayer::MarkerLayer(const QString& name, const QString& explanation, QObject* parent)
    : MapLayer(name, parent), m_explanation(explanation) {}

void MarkerLayer::setPosition(const QGeoCoordinate& position) {
    m_position = position;
    markContentChanged();
}

QGeoRectangle MarkerLayer::extent() const {
    return m_position.isValid() ? QGeoRectangle(m_position, m_position) : QGeoRectangle();
}

LayerRenderFunction MarkerLayer::renderFunction() const {
    return [position = m_position, colour = m_colour](QImage& image, const MapViewport& viewport,
                                                      const std::atomic<bool>&) {
        if (!position.isValid())
            return;
        const QPointF centre = viewport.toScreen(position);
        const QRectF screen(QPointF(-20, -20), QSizeF(viewport.size()) + QSizeF(40, 40));
        if (!screen.contains(centre))
            return;
        const QPoint c(0, 0);
        QPainter painter(&image);
        painter.translate(qRound(centre.x()), qRound(centre.y()));
        painter.scale(viewport.pixelRatio(), viewport.pixelRatio()); // its size in logical pixels
        painter.setRenderHint(QPainter::Antialiasing, true);
        QColor halo(Qt::white);
        halo.setAlpha(150);
        painter.setPen(Qt::NoPen);
        painter.setBrush(halo);
        painter.drawEllipse(QPointF(c), 10, 10);
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(colour, 1));
        painter.drawEllipse(QPointF(c), 8, 8);
        painter.drawEllipse(QPointF(c), 7, 7);
        painter.setRenderHint(QPainter::Antialiasing, false);
        painter.drawLine(c + QPoint(-14, 0), c + QPoint(-5, 0));
        painter.drawLine(c + QPoint(5, 0), c + QPoint(14, 0));
        painter.drawLine(c + QPoint(0, -14), c + QPoint(0, -5));
        painter.drawLine(c + QPoint(0, 5), c + QPoint(0, 14));
    };
}

} // namespace tidemark::ui
