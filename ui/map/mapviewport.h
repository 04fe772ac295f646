#pragma once

#include <QGeoCoordinate>
#include <QGeoRectangle>
#include <QPointF>
#include <QSize>
#include <QTransform>

namespace tidemark::ui {

// What the map shows: a centre (Web Mercator unit square), a fractional zoom and a size in pixels.
// An immutable value; render jobs get a copy, so a worker never reads the widget.
class MapViewport {
  public:
    static constexpr double kMinZoom = 0.0;
    static constexpr double kMaxZoom = 25.0;       // what the view lets an operator reach (~5 mm/px)
    static constexpr double kMaxDeviceZoom = 30.0; // the constructor's clamp, leaving room for HiDPI ratios

    MapViewport() = default;
    MapViewport(const QPointF& centreUnit, double zoom, const QSize& size);
    static MapViewport centredOn(const QGeoCoordinate& centre, double zoom, const QSize& size);

    QPointF centreUnit() const { return m_centreUnit; }
    QGeoCoordinate centre() const;
    double zoom() const { return m_zoom; }
    QSize size() const { return m_size; }
    bool isEmpty() const { return m_size.isEmpty(); }

    double worldSize() const { return m_worldSize; }
    QPointF topLeftUnit() const;

    QPointF unitToScreen(const QPointF& unit) const;
    QPointF screenToUnit(const QPointF& screen) const;
    QPointF toScreen(const QGeoCoordinate& coordinate) const;
    QGeoCoordinate toGeo(const QPointF& screen) const;
    QGeoRectangle visibleArea() const;
    double metresPerPixel() const; // at the centre

    MapViewport withSize(const QSize& size) const;
    MapViewport withCentre(const QPointF& centreUnit) const;
    MapViewport withZoom(double zoom) const;
    MapViewport pannedBy(const QPointF& screenDelta) const;                   // content follows the delta
    MapViewport zoomedAround(const QPointF& screenAnchor, double zoom) const; // anchor keeps its place

    // The same view in device pixels, for rendering an image with this device pixel ratio.
    MapViewport forDevice(double devicePixelRatio) const;
    // Device pixels per logical pixel of the view forDevice() made (1 otherwise): what a layer multiplies its
    // line widths and mark sizes by, so that they keep their size on a high-DPI screen.
    double pixelRatio() const { return m_pixelRatio; }

    // Maps pixels of an image rendered for `rendered` onto this viewport's pixels.
    QTransform transformFrom(const MapViewport& rendered) const;

    bool operator==(const MapViewport& other) const = default;

  private:
    QPointF m_centreUnit{0.5, 0.5};
    double m_zoom = 0;
    QSize m_size;
    double m_worldSize = 256;
    double m_pixelRatio = 1;
};

} // namespace tidemark::ui
