#include "tracksviewloader.h"

#include "taskfeedback.h"
#include "taskprogress.h"
#include "tracksdatabase.h"

#include <algorithm>

namespace tidemark::tracks {

TracksQuery TracksView::query() const {
    TracksQuery q;
    q.box = box;
    q.activities = activities;
    q.sources = sources;
    q.order = order;
    q.descending = descending;
    q.offset = offset;
    q.limit = pageSize;
    return q;
}

std::optional<TrackBox> TracksFileFacts::extentOf(const QStringList& activities,
                                                  const QStringList& sources) const {
    std::optional<TrackBox> extent;
    for (const TracksGroupExtent& group : groups) {
        const bool ofSources =
            sources.isEmpty() || std::any_of(group.sources.cbegin(), group.sources.cend(),
                                             [&](const QString& s) { return sources.contains(s); });
        if (group.tracks > 0 && ofSources && (activities.isEmpty() || activities.contains(group.activity)))
            unite(&extent, group.extent);
    }
    return extent;
}

TracksViewLoader::TracksViewLoader(TracksLocation location) : m_location(std::move(location)) {}

TracksViewData TracksViewLoader::load(const TracksView& view, bool readFileFacts,
                                      TaskFeedback& feedback) const {
    auto db = TracksDatabase::open(m_location, TracksDatabase::Access::ReadOnly);
    TracksStore store(*db);
    TracksViewData data;
    data.view = view;
    if (readFileFacts) {
        TracksFileFacts facts;
        facts.summaries = TracksSummaryLoader::summarize(*db);
        const TracksSummary& total = facts.summaries.front();
        for (auto it = facts.summaries.begin() + 1; it != facts.summaries.end(); ++it)
            facts.activities.insert(it->activityType, it->tracks);
        if (total.tracks > 0)
            facts.extent = {total.tracks, total.minLon, total.minLat, total.maxLon, total.maxLat};
        facts.sources = store.countBySource();
        facts.storeBytes = db->storeBytes();
        facts.groups = db->extentsByActivityAndSources();
        data.file = std::move(facts);
    }
    feedback.reportProgress(0.2, QStringLiteral("reading the map of the view"));
    data.map = loadMap(*db, view);
    if (!feedback.checkpoint())
        return data;
    // The map is shown before the table's page, which sorts every track in view.
    TaskProgress mapReady = TaskProgress::share(0.6, QStringLiteral("reading the table's page"));
    mapReady.detail = QVariant::fromValue(data.map);
    feedback.report(mapReady);
    data.page = store.tracksInBox(view.query());
    return data;
}

TracksViewMap TracksViewLoader::loadMap(TracksDatabase& db, const TracksView& view) {
    TracksViewMap map;
    TracksQuery filtered = view.query();
    filtered.order = TracksQuery::Order::Id;
    filtered.descending = false;
    filtered.offset = 0;
    filtered.limit = -1;
    // The tracks of the checked activities in view (their sources are not looked at: that would read every
    // track in view), up to one past the lines' limit.
    map.tracksOnMap = db.countInBoxUpTo(filtered, TracksViewData::kMaxLinesOnMap + 1);
    if (map.tracksOnMap <= TracksViewData::kMaxLinesOnMap) {
        // Few enough whatever the zoom: their lines, of the checked sources too.
        map.geometry = std::make_shared<const std::vector<SimplifiedTrack>>(
            TracksStore(db).simplifiedInBox(filtered, view.zoom));
        return map;
    }
    // Every track of the checked activities in view, as the sum of their overviews' pixels; the sources are
    // not kept apart in the overview, so a source filter is left to the lines (densityOfEverySource).
    // A level finer than the view: its pixels are scaled down into the view's, so lines stay thin.
    map.densityLevel = std::clamp(view.zoom + 1, 0, TrackDensity::kMaxZoom);
    map.densityOfEverySource = !view.sources.isEmpty();
    map.density = std::make_shared<const std::vector<DensityTile>>(
        TrackOverview::read(db, view.box, map.densityLevel, view.activities));
    return map;
}

} // namespace tidemark::tracks
