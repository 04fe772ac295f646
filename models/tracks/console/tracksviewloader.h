#pragma once

#include "trackslocation.h"
#include "tracksview.h"

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

// Loads a TracksView from a tracks file on a task's thread, with its own connection (Error(Connection)
// naming the file when it cannot be opened, Error(Schema) when it is not a tracks file).
class TracksViewLoader {
  public:
    explicit TracksViewLoader(TracksLocation location);
    // With readFileFacts, also the file-wide TracksFileFacts.
    TracksViewData load(const TracksView& view, bool readFileFacts, TaskFeedback& feedback) const;

  private:
    TracksLocation m_location;
};

} // namespace tidemark::tracks
