#pragma once

#include <QString>

namespace tidemark {

// Where the console's three datasets and the archive are. Conninfos are libpq connection strings, URIs or
// "service=NAME"; an empty field means that dataset is not connected.
struct WorkspaceConnections {
    QString positionsConninfo;
    QString kudosConninfo;
    QString tracksPath;
    QString archiveUrl;

    bool isEmpty() const {
        return positionsConninfo.isEmpty() && kudosConninfo.isEmpty() && tracksPath.isEmpty() &&
               archiveUrl.isEmpty();
    }
    friend bool operator==(const WorkspaceConnections&, const WorkspaceConnections&) = default;
};

} // namespace tidemark
