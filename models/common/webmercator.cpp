#include "webmercator.h"

#include <algorithm>
#include <cmath>

namespace tidemark {

namespace {
constexpr double kPi = 3.141592653589793;
}

double WebMercator::worldSize(double zoom) {
    return kTileSize * std::exp2(zoom);
}

double WebMercator::clampLatitude(double latitude) {
    return std::clamp(latitude, -kMaxLatitude, kMaxLatitude);
}

QPointF WebMercator::toUnit(double longitude, double latitude) {
    const double phi = clampLatitude(latitude) * kPi / 180.0;
    const double x = (longitude + 180.0) / 360.0;
    const double y = 0.5 - std::log(std::tan(kPi / 4 + phi / 2)) / (2 * kPi);
    return {x, y};
}

QGeoCoordinate WebMercator::fromUnit(const QPointF& unit) {
    const double longitude = unit.x() * 360.0 - 180.0;
    const double latitude = std::atan(std::sinh(kPi * (1 - 2 * unit.y()))) * 180.0 / kPi;
    return QGeoCoordinate(latitude, longitude);
}

QPointF WebMercator::toWorld(const QGeoCoordinate& coordinate, double zoom) {
    return toWorld(coordinate.longitude(), coordinate.latitude(), zoom);
}

QPointF WebMercator::toWorld(double longitude, double latitude, double zoom) {
    return toUnit(longitude, latitude) * worldSize(zoom);
}

QGeoCoordinate WebMercator::toGeo(const QPointF& worldPixel, double zoom) {
    return fromUnit(worldPixel / worldSize(zoom));
}

double WebMercator::groundResolution(double latitude, double zoom) {
    const double circumference = 2 * kPi * kEarthRadiusMetres;
    return std::cos(clampLatitude(latitude) * kPi / 180.0) * circumference / worldSize(zoom);
}

double WebMercator::zoomToFit(const QGeoRectangle& rectangle, double widthPx, double heightPx) {
    const QPointF topLeft = toUnit(rectangle.topLeft().longitude(), rectangle.topLeft().latitude());
    const QPointF bottomRight =
        toUnit(rectangle.bottomRight().longitude(), rectangle.bottomRight().latitude());
    double spanX = bottomRight.x() - topLeft.x();
    if (spanX < 0) // crosses the antimeridian
        spanX += 1.0;
    const double spanY = bottomRight.y() - topLeft.y();
    const double zoomX = spanX > 0 ? std::log2(widthPx / (kTileSize * spanX)) : 30.0;
    const double zoomY = spanY > 0 ? std::log2(heightPx / (kTileSize * spanY)) : 30.0;
    return std::min(zoomX, zoomY);
}

} // namespace tidemark
