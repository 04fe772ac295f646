#include "mapviewport.h"

#include "webmercator.h"

#include <algorithm>
#include <cmath>

namespace tidemark::ui {

MapViewport::MapViewport(const QPointF& centreUnit, double zoom, const QSize& size)
    : m_centreUnit(std::clamp(centreUnit.x(), 0.0, 1.0), std::clamp(centreUnit.y(), 0.0, 1.0)),
      m_zoom(std::clamp(zoom, kMinZoom, kMaxDeviceZoom)), m_size(size),
      m_worldSize(WebMercator::worldSize(m_zoom)) {}

MapViewport MapViewport::centredOn(const QGeoCoordinate& centre, double zoom, const QSize& size) {
    return MapViewport(WebMercator::toUnit(centre.longitude(), centre.latitude()), zoom, size);
}

QGeoCoordinate MapViewport::centre() const {
    return WebMercator::fromUnit(m_centreUnit);
}

QPointF MapViewport::topLeftUnit() const {
    return m_centreUnit - QPointF(m_size.width(), m_size.height()) / (2 * m_worldSize);
}

QPointF MapViewport::unitToScreen(const QPointF& unit) const {
    return (unit - topLeftUnit()) * m_worldSize;
}

QPointF MapViewport::screenToUnit(const QPointF& screen) const {
    return topLeftUnit() + screen / m_worldSize;
}

QPointF MapViewport::toScreen(const QGeoCoordinate& coordinate) const {
    return unitToScreen(WebMercator::toUnit(coordinate.longitude(), coordinate.latitude()));
}

QGeoCoordinate MapViewport::toGeo(const QPointF& screen) const {
    return WebMercator::fromUnit(screenToUnit(screen));
}

QGeoRectangle MapViewport::visibleArea() const {
    auto clampUnit = [](QPointF p) {
        return QPointF(std::clamp(p.x(), 0.0, 1.0), std::clamp(p.y(), 0.0, 1.0));
    };
    const QGeoCoordinate topLeft = WebMercator::fromUnit(clampUnit(screenToUnit({0, 0})));
    const QGeoCoordinate bottomRight =
        WebMercator::fromUnit(clampUnit(screenToUnit(QPointF(m_size.width(), m_size.height()))));
    return QGeoRectangle(topLeft, bottomRight);
}

double MapViewport::metresPerPixel() const {
    return WebMercator::groundResolution(centre().latitude(), m_zoom);
}

MapViewport MapViewport::withSize(const QSize& size) const {
    return MapViewport(m_centreUnit, m_zoom, size);
}

MapViewport MapViewport::withCentre(const QPointF& centreUnit) const {
    return MapViewport(centreUnit, m_zoom, m_size);
}

MapViewport MapViewport::withZoom(double zoom) const {
    return MapViewport(m_centreUnit, zoom, m_size);
}

MapViewport MapViewport::pannedBy(const QPointF& screenDelta) const {
    return withCentre(m_centreUnit - screenDelta / m_worldSize);
}

MapViewport MapViewport::zoomedAround(const QPointF& screenAnchor, double zoom) const {
    const QPointF anchorUnit = screenToUnit(screenAnchor);
    const MapViewport zoomed = withZoom(zoom);
    // Move the centre so that anchorUnit lands on screenAnchor again.
    const QPointF offset = (screenAnchor - QPointF(m_size.width(), m_size.height()) / 2) / zoomed.m_worldSize;
    return zoomed.withCentre(anchorUnit - offset);
}

MapViewport MapViewport::forDevice(double devicePixelRatio) const {
    if (devicePixelRatio == 1.0)
        return *this;
    const QSize deviceSize(qRound(m_size.width() * devicePixelRatio),
                           qRound(m_size.height() * devicePixelRatio));
    MapViewport device(m_centreUnit, m_zoom + std::log2(devicePixelRatio), deviceSize);
    device.m_pixelRatio = devicePixelRatio;
    return device;
}

QTransform MapViewport::transformFrom(const MapViewport& rendered) const {
    const double scale = m_worldSize / rendered.m_worldSize;
    const QPointF shift = (rendered.topLeftUnit() - topLeftUnit()) * m_worldSize;
    return QTransform(scale, 0, 0, scale, shift.x(), shift.y());
}

} // namespace tidemark::ui
