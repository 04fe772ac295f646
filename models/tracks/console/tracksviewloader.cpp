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
        data.file = std::move(facts);
    }
    feedback.reportProgress(0.2, QStringLiteral("reading the map of the view"));
    loadMap(*db, view, &data);
    if (!feedback.checkpoint())
        return data;
    // The map is shown before the table's page, which sorts every track in view.
    TaskProgress mapReady = TaskProgress::share(0.6, QStringLiteral("reading the table's page"));
    TracksViewData map;
    map.view = view;
    map.geometry = data.geometry;
    map.density = data.density;
    map.densityLevel = data.densityLevel;
    map.tracksOnMap = data.tracksOnMap;
    mapReady.detail = QVariant::fromValue(map);
    feedback.report(mapReady);
    data.page = store.tracksInBox(view.query());
    return data;
}

void TracksViewLoader::loadMap(TracksDatabase& db, const TracksView& view, TracksViewData* data) {
    data->tracksOnMap = db.countInBoxUpTo(view.box, TracksViewData::kMaxLinesOnMap + 1);
    if (data->tracksOnMap > TracksViewData::kMaxLinesOnMap) {
        // Every track in view, as the overview's pixels (the filters do not apply to them).
        // A level finer than the view: its pixels are scaled down into the view's, so lines stay thin.
        data->densityLevel = std::clamp(view.zoom + 1, 0, TrackDensity::kMaxZoom);
        data->density = std::make_shared<const std::vector<DensityTile>>(
            TrackOverview::read(db, view.box, data->densityLevel));
        return;
    }
    TracksQuery all = view.query();
    all.order = TracksQuery::Order::Id;
    all.descending = false;
    all.offset = 0;
    all.limit = -1;
    data->geometry =
        std::make_shared<const std::vector<SimplifiedTrack>>(TracksStore(db).simplifiedInBox(all, view.zoom));
}

} // namespace tidemark::tracks
