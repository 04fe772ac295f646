#pragma once

#include "tracksforecast.h"
#include "trackslocation.h"
#include "trackssettings.h"

#include "timestamp.h"

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

// A forecast as both front ends ask for it: the store, the settings (GPS_TRACKS_RETENTION_YEARS, already
// read) and the clock of the forecast.
struct TracksForecastRequest {
    TracksLocation store;
    TracksSettings settings;
    Micros now = 0;
};

// `tidemark-cli forecast tracks` and the console's Capacity view: reads the store's track count, its size,
// its tracks by created_at (the last 30 days, per UTC day) and the tracks a retention run would delete now
// (TracksRetention::preview, what tracks retain --dry-run lists), in one read that writes nothing
// (TracksDatabase::beginRead), then derives the report (TracksForecast::derive). No clock check: nothing is
// deleted, and a forecast at a later --now is a question, not a run. Throws Error: Connection / Schema for
// the store, Cancelled when cancelled.
class TracksForecastJob {
  public:
    static TracksForecast run(const TracksForecastRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::tracks
