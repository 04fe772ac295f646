#include "tracksviewloader.h"

#include "taskfeedback.h"
#include "tracksdatabase.h"

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
        data.file = std::move(facts);
    }
    feedback.reportProgress(0.2, QStringLiteral("reading the tracks in view"));
    data.page = store.tracksInBox(view.query());
    if (!feedback.checkpoint())
        return data;
    TracksQuery all = view.query();
    all.order = TracksQuery::Order::Id;
    all.descending = false;
    all.offset = 0;
    all.limit = TracksViewData::kMaxTracksOnMap;
    feedback.reportProgress(0.5, QStringLiteral("simplifying the tracks for zoom %1").arg(view.zoom));
    data.geometry =
        std::make_shared<const std::vector<SimplifiedTrack>>(store.simplifiedInBox(all, view.zoom));
    data.geometryCapped = data.page.matching > TracksViewData::kMaxTracksOnMap;
    return data;
}

} // namespace tidemark::tracks
