#pragma once

#include "trackslocation.h"

#include <QString>

namespace tidemark {

// Where the console's three datasets and the archive are. Conninfos are libpq connection strings, URIs or
// "service=NAME"; an empty field means that dataset is not connected. The tracks are a file or a PostGIS
// database (tracksConninfo), not both.
struct WorkspaceConnections {
    QString positionsConninfo;
    QString kudosConninfo;
    QString tracksPath;
    QString archiveUrl;
    QString tracksConninfo;

    tracks::TracksLocation tracks() const {
        return {tracksConninfo.isEmpty() ? tracksPath : QString(), tracksConninfo};
    }
    bool hasTracks() const { return !tracksPath.isEmpty() || !tracksConninfo.isEmpty(); }
    bool isEmpty() const {
        return positionsConninfo.isEmpty() && kudosConninfo.isEmpty() && !hasTracks() && archiveUrl.isEmpty();
    }
    friend bool operator==(const WorkspaceConnections&, const WorkspaceConnections&) = default;
};

} // namespace tidemark
