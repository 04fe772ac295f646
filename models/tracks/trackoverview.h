#pragma once

#include "trackdensity.h"
#include "trackrow.h"

#include <QStringList>
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
// that writes the tracks, so the overview is always what a rebuild from the tracks makes. It is kept twice:
// for every track, and per activity (so that the map's density follows the activity filter: the sum of the
// checked activities' tiles).
class TrackOverview {
  public:
    // The file's migration that adds the overview (resources/sql/tracks/0002_track_density.sql): tracks init
    // rebuilds the overview of a file it migrates to it, and only then.
    static constexpr int kFileMigrationVersion = 2;
    // The migration that adds the per-activity overview (0004_track_density_activity, file and PostGIS):
    // tracks init rebuilds the overviews of a store it migrates to it.
    static constexpr int kActivityMigrationVersion = 4;
    // Adds `deltas` to the stored tiles of both overviews, inside the caller's write transaction. Throws
    // Error(Failed) when a stored tile cannot be read or a pixel would fall below zero (the overview is out
    // of step with the tracks; tidemark-cli tracks init --rebuild-overview rebuilds it).
    static void apply(TracksDatabase& db, const ActivityDensityDeltas& deltas);
    // Rebuilds every tile of both overviews from the tracks in one write transaction; returns the tiles
    // written. Cancelled (between tracks), it writes nothing and returns -1.
    static qint64 rebuild(TracksDatabase& db, TaskFeedback& feedback);
    // The tiles of `level` that cover `box`: of every track's overview, or with `activities` the sum of those
    // activities' (a tile that cannot be read throws Error(Failed) naming it).
    static std::vector<DensityTile> read(TracksDatabase& db, const TrackBox& box, int level,
                                         const QStringList& activities = {});
};

} // namespace tidemark::tracks
