#pragma once

#include "trackoverview.h"
#include "tracksdatabase.h"
#include "trackshealth.h"
#include "tracksstore.h"
#include "trackssummaryloader.h"

#include <QMap>
#include <QMetaType>
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
    std::vector<TracksSummary> summaries;  // TracksSummaryLoader's: the total, then one per activity
    QMap<QString, qint64> activities;      // every activity of the file with its track count
    QMap<QString, qint64> sources;         // every source of the file with its track count
    TracksExtent extent;                   // of the whole file
    qint64 storeBytes = -1;                // the store's size (TracksDatabase::storeBytes); -1: not read
    std::vector<TracksGroupExtent> groups; // per activity and list of sources
    // The extent of the tracks the filters leave (empty: all), nothing when they leave none.
    std::optional<TrackBox> extentOf(const QStringList& activities, const QStringList& sources) const;
};

// The map of a view: either the lines of the filtered tracks in view, simplified for the zoom, when the view
// holds at most TracksViewData::kMaxLinesOnMap tracks of the checked activities (simplifying more for a new
// zoom takes longer than a view may), or else the density overview's tiles of the view (every track of the
// checked activities in it, however many, as pixels: the sum of those activities' overviews; of every source,
// since the overview does not keep sources apart).
struct TracksViewMap {
    std::shared_ptr<const std::vector<SimplifiedTrack>> geometry;
    std::shared_ptr<const std::vector<DensityTile>> density; // set when the map shows the overview
    // The checked activities' tracks whose box meets the view (up to kMaxLinesOnMap + 1).
    qint64 tracksOnMap = 0;
    int densityLevel = -1;             // its zoom level
    bool densityOfEverySource = false; // the density shows the tracks of sources the filter left out
};

// What one load of a view delivers: the table's page, the map, and the file's facts when they were asked for.
struct TracksViewData {
    static constexpr qint64 kMaxLinesOnMap = 600;
    TracksView view;
    TracksPage page;
    TracksViewMap map;
    std::optional<TracksFileFacts> file;
};

} // namespace tidemark::tracks

// A load's map travels ahead of its table page as the detail of its progress (TracksViewLoader::load).
Q_DECLARE_METATYPE(tidemark::tracks::TracksViewMap)
