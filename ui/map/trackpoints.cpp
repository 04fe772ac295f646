#include "map/trackpoints.h"

#include "common/webmercator.h"

namespace tidemark::ui {

void TrackPoints::append(double longitude, double latitude, std::uint8_t pointClass) {
    const QPointF unit = WebMercator::toUnit(longitude, latitude);
    unitX.push_back(unit.x());
    unitY.push_back(unit.y());
    classIndex.push_back(pointClass);
    const QGeoCoordinate coordinate(latitude, longitude);
    if (!extent.isValid())
        extent = QGeoRectangle(coordinate, coordinate);
    else
        extent.extendRectangle(coordinate);
}

void TrackPoints::reserve(std::size_t count) {
    unitX.reserve(count);
    unitY.reserve(count);
    classIndex.reserve(count);
}

} // namespace tidemark::ui
