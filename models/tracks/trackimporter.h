#pragma once

#include "importedtrack.h"
#include "trackdensity.h"
#include "trackrow.h"
#include "tracksourcelist.h"

#include "timestamp.h"

#include <functional>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

class TracksDatabase;
struct ExistingTrack;

// What an import computes of a track's points alone, before it looks at the store: its dedup key, its length
// (TrackDedupKey) and its bounding box. Pure, so a reader thread can compute it ahead of the writes.
struct TrackFacts {
    QString dedupKey;
    double lengthMetres = 0;
    TrackBox bbox;
    static TrackFacts of(const std::vector<TrackPoint>& points); // nothing for fewer than two points
};

struct TrackImportReport {
    int added = 0;
    int merged = 0;                 // a duplicate that added its source to an existing row
    int unchanged = 0;              // a duplicate already known from that source
    int tooShort = 0;               // fewer than two points: not a line, not written
    std::optional<TrackBox> extent; // of the tracks added, merged or unchanged (those now in the store)
};

// Imports tracks into a migrated tracks store, file or PostGIS. A track whose dedup key exists merges into
// that row: sources_json and external_urls_json become the union in configured source order (at most 8),
// computed here in C++ and written in one UPDATE. An added track adds its pixels to the density overview
// (TrackOverview) in the same transaction. Each (region, source) batch is one transaction, its pipeline_runs
// row included (written "running" and made "ok" before the commit), so no other reader ever sees a row saying
// "running" and a process that dies leaves none. A failed batch is rolled back whole (also when the server
// goes away) and its row written again after it, "stopped" for a cancel (the console, SIGTERM), else "failed"
// with the error. The first batch marks "failed" the "running" rows an older Tidemark left.
//
// One importer is one import of any number of batches (a GPX file each): the store is made ready once
// (TracksDatabase::prepareImport) and finished once, by finish() or the destructor (a file's passive WAL
// checkpoint; between them SQLite checkpoints on its own every 1,000 pages of WAL).
class TrackImporter {
  public:
    enum class Outcome { Added, Merged, Unchanged };
    using TrackSink = std::function<void(const ImportedTrack&, const TrackFacts&)>;
    // Hands each track of a batch to the sink as it is read (a streamed file is never held whole).
    using TrackProducer = std::function<void(const TrackSink& importTrack)>;

    static const QString kAbandonedRunError; // the error of a "running" row found by an import

    TrackImporter(TracksDatabase& db, TrackSourceList sources, Micros importedAt);
    ~TrackImporter(); // finish(), an error swallowed (a checkpoint that fails loses nothing)
    TrackImporter(const TrackImporter&) = delete;
    TrackImporter& operator=(const TrackImporter&) = delete;
    // Ends the import (TracksDatabase::finishImport) once it has written a batch; throws tidemark::Error.
    void finish();

    TrackImportReport importBatch(const QString& region, const QString& source,
                                  const std::vector<ImportedTrack>& tracks, TaskFeedback& feedback);
    // The same without an operator (fixtures and tests).
    TrackImportReport importBatch(const QString& region, const QString& source,
                                  const std::vector<ImportedTrack>& tracks);
    // One batch whose tracks come from `produce`, in one transaction: an Error thrown by the producer (a
    // malformed file) or by an import rolls back every track of the batch and is rethrown.
    TrackImportReport importStream(const QString& region, const QString& source, const TrackProducer& produce,
                                   TaskFeedback& feedback);
    // Inside the caller's transaction; the density overview of an added track is written by the batch's
    // commit (importStream) or by flushOverview().
    Outcome importOne(const ImportedTrack& track);
    Outcome importOne(const ImportedTrack& track, const TrackFacts& facts); // facts: TrackFacts::of(points)
    void flushOverview();
    // For a bulk load that rebuilds the overview once afterwards (TrackOverview::rebuild): the added tracks'
    // pixels are not kept, so until that rebuild the overview lacks them.
    void leaveOverviewToRebuild() { m_keepOverview = false; }
    // The "running" rows of dead imports the first batch marked failed.
    int abandonedRunsFailed() const { return m_abandonedRuns; }

  private:
    Outcome mergeInto(const ExistingTrack& existing, const ImportedTrack& track);
    static constexpr qint64 kOverviewChangesHeld = 1 << 20; // about 8 MB of pixel changes
    TracksDatabase& m_db;
    ActivityDensityDeltas m_density; // of the tracks added by the open batch, written with it
    bool m_keepOverview = true;
    bool m_prepared = false; // prepareImport ran and finishImport has not
    int m_abandonedRuns = 0;
    TrackSourceList m_sources;
    Micros m_importedAt;
};

} // namespace tidemark::tracks
