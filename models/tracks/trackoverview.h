#pragma once

#include "trackdensity.h"
#include "trackrow.h"

#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

class TracksDatabase;

// A decoded tile of the density overview.
struct DensityTile {
    DensityTileKey key;
    DensityCounts counts;
};

// The density overview (TrackDensity) of a tracks store, file or PostGIS, kept in step with its tracks: the
// importer adds its batch's tracks and retention takes its deleted ones away, each inside the transaction
// that writes the tracks, so the overview is always what a rebuild from the tracks makes.
class TrackOverview {
  public:
    // The file's migration that adds the overview (resources/sql/tracks/0002_track_density.sql): tracks init
    // rebuilds the overview of a file it migrates to it, and only then.
    static constexpr int kFileMigrationVersion = 2;
    // Adds `deltas` to the stored tiles, inside the caller's write transaction. Throws Error(Failed) when a
    // stored tile cannot be read or a pixel would fall below zero (the overview is out of step with the
    // tracks; tidemark-cli tracks init --rebuild-overview rebuilds it).
    static void apply(TracksDatabase& db, const DensityDeltas& deltas);
    // Rebuilds every tile from the tracks in one write transaction; returns the tiles written. Cancelled
    // (between tracks), it writes nothing and returns -1.
    static qint64 rebuild(TracksDatabase& db, TaskFeedback& feedback);
    // The tiles of `level` that cover `box` (a tile that cannot be read throws Error(Failed) naming it).
    static std::vector<DensityTile> read(TracksDatabase& db, const TrackBox& box, int level);
};

} // namespace tidemark::tracks
