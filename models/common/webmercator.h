#pragma once

#include <QGeoCoordinate>
#include <QGeoRectangle>
#include <QPointF>

namespace tidemark {

// Spherical Web Mercator (EPSG:3857) as slippy maps use it: the world is a square of 256·2^zoom pixels,
// x grows east from longitude −180, y grows south from latitude +85.0511. Zoom may be fractional.
// Pure functions of their arguments.
class WebMercator {
  public:
    static constexpr double kTileSize = 256.0;
    static constexpr double kMaxLatitude = 85.0511287798066;
    static constexpr double kEarthRadiusMetres = 6378137.0; // the sphere EPSG:3857 projects from

    // Side of the world square in pixels at a zoom.
    static double worldSize(double zoom);

    // Position in the unit square [0,1]² (zoom independent); latitude clamped to ±kMaxLatitude.
    static QPointF toUnit(double longitude, double latitude);
    static QGeoCoordinate fromUnit(const QPointF& unit);

    static QPointF toWorld(const QGeoCoordinate& coordinate, double zoom);
    static QPointF toWorld(double longitude, double latitude, double zoom);
    static QGeoCoordinate toGeo(const QPointF& worldPixel, double zoom);

    // Metres on the ground per world pixel at a latitude and zoom.
    static double groundResolution(double latitude, double zoom);

    // The largest zoom at which the rectangle fits into a viewport of widthPx × heightPx pixels.
    static double zoomToFit(const QGeoRectangle& rectangle, double widthPx, double heightPx);

    static double clampLatitude(double latitude);
};

} // namespace tidemark
