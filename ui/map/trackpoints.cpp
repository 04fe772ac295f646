#include "trackpoints.h"

#include "webmercator.h"

#include <algorithm>

namespace tidemark::ui {

void TrackPoints::append(double longitude, double latitude, std::uint8_t pointClass) {
    const QPointF unit = WebMercator::toUnit(longitude, latitude);
    unitX.push_back(unit.x());
    unitY.push_back(unit.y());
    classIndex.push_back(pointClass);
    const std::uint32_t bit = 1u << std::min<std::uint32_t>(pointClass, 31);
    if ((unitX.size() - 1) % kChunkSize == 0) {
        chunks.push_back({unit.x(), unit.y(), unit.x(), unit.y(), bit});
    } else {
        Chunk& chunk = chunks.back();
        chunk.minX = std::min(chunk.minX, unit.x());
        chunk.minY = std::min(chunk.minY, unit.y());
        chunk.maxX = std::max(chunk.maxX, unit.x());
        chunk.maxY = std::max(chunk.maxY, unit.y());
        chunk.classMask |= bit;
    }
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
    chunks.reserve(count / kChunkSize + 1);
}

} // namespace tidemark::ui
