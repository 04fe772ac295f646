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

    std::vector<double> unitX;
    std::vector<double> unitY;
    std::vector<std::uint8_t> classIndex;
    QList<PointClass> classes;
    QGeoRectangle extent;

    std::size_t size() const { return unitX.size(); }

    // Appends one point given in degrees (extent is updated).
    void append(double longitude, double latitude, std::uint8_t pointClass);
    void reserve(std::size_t count);
};

} // namespace tidemark::ui
