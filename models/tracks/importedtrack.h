#pragma once

#include "timestamp.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace tidemark::tracks {

struct TrackPoint {
    double lat = 0;
    double lon = 0;
    std::optional<Micros> time;
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
};

} // namespace tidemark::tracks
