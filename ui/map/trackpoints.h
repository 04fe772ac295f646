#pragma once

#include <QColor>
#include <QGeoRectangle>
#include <QList>
#include <QString>
#include <cstdint>
#include <vector>

namespace tidemark::ui {

// Many points of a track in time order, already projected to the Web Mercator unit square (so a frame only
// scales and shifts), each with a class index into the classes (e.g. "kept by turn", "removed").
// Classes are drawn in index order, the last on top. Built once, then shared immutably with render jobs.
struct TrackPoints {
    struct PointClass {
        QColor colour;
        QString label;
    };
    // Bounds and classes of kChunkSize consecutive points: lets a frame skip runs of points that are off
    // screen, or that all fall into one pixel when zoomed far out.
    static constexpr std::size_t kChunkSize = 64;
    struct Chunk {
        double minX, minY, maxX, maxY; // unit square
        std::uint32_t classMask;       // bit c set when class c occurs (classes ≥ 31 share bit 31)
    };

    std::vector<double> unitX;
    std::vector<double> unitY;
    std::vector<std::uint8_t> classIndex;
    QList<PointClass> classes;
    QGeoRectangle extent;
    std::vector<Chunk> chunks; // maintained by append()

    std::size_t size() const { return unitX.size(); }

    // Appends one point given in degrees (extent and chunks are updated).
    void append(double longitude, double latitude, std::uint8_t pointClass);
    void reserve(std::size_t count);
};

} // namespace tidemark::ui
