#pragma once

#include "importedtrack.h"
#include "tracksourcelist.h"

#include "timestamp.h"

#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

class SpatialiteDatabase;

struct TrackImportReport {
    int added = 0;
    int merged = 0;    // a duplicate that added its source to an existing row
    int unchanged = 0; // a duplicate already known from that source
};

// Imports tracks into a migrated tracks file. A track whose dedup key exists merges into that row:
// sources_json and external_urls_json become the union in configured source order (at most 8), computed here
// in C++ and written in one UPDATE. Each (region, source) batch is one transaction with its pipeline_runs
// row, followed by a passive WAL checkpoint.
class TrackImporter {
  public:
    enum class Outcome { Added, Merged, Unchanged };

    TrackImporter(SpatialiteDatabase& db, TrackSourceList sources, Micros importedAt);

    TrackImportReport importBatch(const QString& region, const QString& source,
                                  const std::vector<ImportedTrack>& tracks, TaskFeedback* control = nullptr);
    Outcome importOne(const ImportedTrack& track); // inside the caller's transaction

  private:
    SpatialiteDatabase& m_db;
    TrackSourceList m_sources;
    Micros m_importedAt;
};

} // namespace tidemark::tracks
