#pragma once

#include "importedtrack.h"

#include <QString>
#include <vector>

namespace tidemark::test {

// A GPX file read with QDomDocument (Qt Xml), independently of GpxReader: what the tests compare it with.
struct DomTrack {
    QString name;
    QString type;
    std::vector<tracks::TrackPoint> points; // times parsed by QDateTime (millisecond precision)
    int nonEmptySegments = 0;
    int emptySegments = 0;
};

struct DomReading {
    QString version;
    std::vector<DomTrack> tracks;
    std::vector<DomTrack> routes;
    std::vector<DomTrack> inFileOrder; // tracks and routes as they come in the file
    int waypoints = 0;
    qint64 trackPoints() const;
    qint64 routePoints() const;
};

// Throws std::runtime_error when the DOM cannot parse the file.
DomReading readWithDom(const QString& path);

} // namespace tidemark::test
