#pragma once

#include "trackshealth.h"
#include "tracksstore.h"
#include "trackssummaryloader.h"

#include <QMap>
#include <memory>
#include <optional>
#include <vector>

namespace tidemark::tracks {

// What the tracks workbench asks for: the map's box and zoom, the filters, and the table's order and page.
// The default is the whole (Web Mercator) world: a file's first load asks for everything and reports its
// extent.
struct TracksView {
    TrackBox box{-180, -85.0511, 180, 85.0511};
    int zoom = 3;
    QStringList activities; // empty: all
    QStringList sources;    // empty: all
    TracksQuery::Order order = TracksQuery::Order::Name;
    bool descending = false;
    qint64 offset = 0;
    qint64 pageSize = 200;

    TracksQuery query() const; // the table's page of it
};

// What the whole file holds, for the filters, the summary (the dock's and the workbench's) and the first fit
// of the map. Reading it scans every track, so it is read when the file or its contents change, not for
// every view.
struct TracksFileFacts {
    std::vector<TracksSummary> summaries; // TracksSummaryLoader's: the total, then one per activity
    QMap<QString, qint64> activities;     // every activity of the file with its track count
    QMap<QString, qint64> sources;        // every source of the file with its track count
    TracksExtent extent;                  // of the whole file
};

// What one load of a view delivers: the table's page and the geometry of every track in view, simplified
// for the zoom (at most kMaxTracksOnMap of them), and the file's facts when they were asked for.
struct TracksViewData {
    static constexpr qint64 kMaxTracksOnMap = 20000;
    TracksView view;
    TracksPage page;
    std::shared_ptr<const std::vector<SimplifiedTrack>> geometry;
    bool geometryCapped = false; // more tracks in view than kMaxTracksOnMap: the map shows the first ones
    std::optional<TracksFileFacts> file;
};

} // namespace tidemark::tracks
