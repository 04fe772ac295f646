#pragma once

#include "trackslocation.h"
#include "tracksview.h"

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

class TracksDatabase;

// Loads a TracksView from a tracks file on a task's thread, with its own connection (Error(Connection)
// naming the file when it cannot be opened, Error(Schema) when it is not a tracks file).
class TracksViewLoader {
  public:
    explicit TracksViewLoader(TracksLocation location);
    // With readFileFacts, also the file-wide TracksFileFacts. The map first, then the table's page.
    TracksViewData load(const TracksView& view, bool readFileFacts, TaskFeedback& feedback) const;
    // The map's part of a view on an open store, under its filters: the lines of its tracks, or the density
    // overview's tiles of the checked activities when it holds more than TracksViewData::kMaxLinesOnMap of
    // them.
    static TracksViewMap loadMap(TracksDatabase& db, const TracksView& view);

  private:
    TracksLocation m_location;
};

} // namespace tidemark::tracks
