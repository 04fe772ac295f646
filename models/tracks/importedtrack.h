#pragma once

#include "timestamp.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace tidemark::tracks {

struct TrackPoint {
    TrackPoint() = default;
    // Keeps {lat, lon, time} working now that a point may have an elevation.
    TrackPoint(double lat_, double lon_, std::optional<Micros> time_ = std::nullopt,
               std::optional<double> elevation_ = std::nullopt)
        : lat(lat_), lon(lon_), time(time_), elevation(elevation_) {}

    double lat = 0;
    double lon = 0;
    std::optional<Micros> time;
    std::optional<double> elevation; // metres, where the source has it
};

// One track as a source delivers it, before dedup.
struct ImportedTrack {
    QString sourceId;
    QString externalUrl;
    QString name;
    QString activityType;
    QString user; // dropped unless the source's licence allows authors
    QString description;
    QStringList tags;
    std::vector<TrackPoint> points; // in the direction of travel
    // Index into points of the first point of each non-empty segment (GPX <trkseg>); empty for one segment
    // or when the source has none. The stored geometry joins the segments into one line.
    std::vector<qsizetype> segmentStarts;
};

} // namespace tidemark::tracks
