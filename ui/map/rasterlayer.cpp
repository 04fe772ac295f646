#include "rasterlayer.h"

#include "webmercator.h"

#include <QPainter>

namespace tidemark::ui {

RasterLayer::RasterLayer(const QString& name, const QString& explanation, QObject* parent)
    : MapLayer(name, parent), m_explanation(explanation) {}

void RasterLayer::setRaster(std::shared_ptr<const GeoRaster> raster) {
    m_raster = std::move(raster);
    markContentChanged();
}

void RasterLayer::setLegend(const QList<LegendEntry>& legend) {
    m_legend = legend;
    markContentChanged();
}

void RasterLayer::setOpacity(double opacity) {
    m_opacity = opacity;
    markContentChanged();
}

QGeoRectangle RasterLayer::extent() const {
    return m_raster ? m_raster->bounds : QGeoRectangle();
}

LayerRenderFunction RasterLayer::renderFunction() const {
    return [raster = m_raster, opacity = m_opacity](QImage& image, const MapViewport& viewport,
                                                    const std::atomic<bool>& cancelled) {
        if (!raster || raster->image.isNull() || !raster->bounds.isValid() || cancelled.load())
            return;
        const QGeoCoordinate tl = raster->bounds.topLeft(), br = raster->bounds.bottomRight();
        const QRectF target(viewport.unitToScreen(WebMercator::toUnit(tl.longitude(), tl.latitude())),
                            viewport.unitToScreen(WebMercator::toUnit(br.longitude(), br.latitude())));
        const QRectF screen(QPointF(-1, -1), QSizeF(viewport.size()) + QSizeF(2, 2));
        const QRectF visible = target.intersected(screen);
        if (visible.isEmpty() || target.width() <= 0 || target.height() <= 0)
            return;
        // Hand QPainter only the visible part: zoomed in, the whole target is millions of pixels wide.
        const double sx = raster->image.width() / target.width();
        const double sy = raster->image.height() / target.height();
        const QRectF source((visible.left() - target.left()) * sx, (visible.top() - target.top()) * sy,
                            visible.width() * sx, visible.height() * sy);
        QPainter painter(&image);
        painter.setOpacity(opacity);
        painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        painter.drawImage(visible, raster->image, source);
    };
}

} // namespace tidemark::ui
