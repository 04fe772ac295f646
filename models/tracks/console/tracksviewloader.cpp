#include "tracksviewloader.h"

#include "spatialitedatabase.h"
#include "taskfeedback.h"

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

TracksViewLoader::TracksViewLoader(QString path) : m_path(std::move(path)) {}

TracksViewData TracksViewLoader::load(const TracksView& view, bool readFileFacts,
                                      TaskFeedback* control) const {
    auto db = SpatialiteDatabase::open(m_path);
    TracksStore store(*db);
    TracksViewData data;
    data.view = view;
    if (readFileFacts)
        data.file = TracksFileFacts{store.countByActivity(), store.countBySource(), store.extent()};
    if (control)
        control->reportProgress(0.2, QStringLiteral("reading the tracks in view"));
    data.page = store.tracksInBox(view.query());
    if (control && !control->checkpoint())
        return data;
    TracksQuery all = view.query();
    all.order = TracksQuery::Order::Id;
    all.descending = false;
    all.offset = 0;
    all.limit = TracksViewData::kMaxTracksOnMap;
    if (control)
        control->reportProgress(0.5, QStringLiteral("simplifying the tracks for zoom %1").arg(view.zoom));
    data.geometry =
        std::make_shared<const std::vector<SimplifiedTrack>>(store.simplifiedInBox(all, view.zoom));
    data.geometryCapped = data.page.matching > TracksViewData::kMaxTracksOnMap;
    return data;
}

} // namespace tidemark::tracks
