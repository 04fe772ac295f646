#pragma once

#include "importedtrack.h"
#include "timestamp.h"
#include "tracksourcelist.h"

#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {
class SpatialiteDatabase;
}

namespace tidemark::demo {

// What one pipeline run of one source delivered for one region.
struct TrackBatch {
    QString region;
    QString source;
    Micros importedAt = 0;
    std::vector<tracks::ImportedTrack> tracks;
};

struct TracksGeneratorOptions {
    quint64 seed = 20261130;
    int tracks = 2000; // distinct rides; duplicates come on top
    int years = 7;     // pipeline runs every half year over this many years before `end`
    Micros end = 0;    // the last run is a day before it; 0 = today's midnight UTC
};

// Trail rides (enduro, mtb, hike, moto) around the towns of central Russia, delivered by three sources
// (osm, ttrails, velomarsh). Many rides (about 45 %) come from a second or third source too: the same
// points with extra points under 5 m apart and another URL, so they share the dedup key and merge.
// Batches come in import order (half-yearly runs, sources in configured order within a run).
class TracksGenerator {
  public:
    explicit TracksGenerator(TracksGeneratorOptions options);
    static tracks::TrackSourceList sources() { return tracks::TrackSourceList::demo(); }
    std::vector<TrackBatch> generate() const;
    // Imports every batch into the (migrated) file `db`, each as one pipeline run at its importedAt.
    void importInto(tracks::SpatialiteDatabase& db, TaskFeedback& feedback) const;
    void importInto(tracks::SpatialiteDatabase& db) const; // without an operator (tests)

  private:
    TracksGeneratorOptions m_options;
};

} // namespace tidemark::demo
