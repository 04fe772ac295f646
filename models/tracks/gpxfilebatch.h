#pragma once

#include "gpxreader.h"
#include "trackimporter.h"

#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

class GpxReadAhead;

struct GpxFileImportResult {
    QString path;
    GpxReadSummary read;
    TrackImportReport written;
    QString error; // empty when imported; else why the file was refused (and nothing of it was written)
    bool cancelled = false; // refused because the import was cancelled inside the file (rolled back whole)
    bool refused() const { return !error.isEmpty(); }
};

// The sums over the files of one import: what the CLI prints and the console shows. A refused file counts
// in `files` and `refused` only (nothing of it was written).
struct GpxImportTotals {
    int files = 0, refused = 0;
    qint64 tracks = 0, points = 0; // read, tracks and imported routes
    int added = 0, merged = 0, unchanged = 0;
    int tooShort = 0, skippedWaypoints = 0, skippedRoutes = 0;
    qint64 refusedTimes = 0;        // points kept without their refused <time> (GpxReadSummary)
    std::optional<TrackBox> extent; // of the files' tracks now in the store (added, merged or unchanged)

    void add(const GpxFileImportResult& result);
    static GpxImportTotals of(const std::vector<GpxFileImportResult>& results);
};

// One GPX file imported as one (region, source) batch of TrackImporter: streamed from disk into the batch's
// transaction, rolled back whole (pipeline_runs row "failed") when the file turns out malformed. A track
// without a <link>/<url> gets the file's URL with "#track-N" as its external URL (N: 1-based position among
// the tracks, and routes when imported, of the file).
class GpxFileBatch {
  public:
    GpxFileBatch(TrackImporter& importer, QString region, QString sourceId, GpxReadOptions options = {});
    ~GpxFileBatch();
    // The files the next importFile() calls name, in this order: read on a thread of their own (GpxReadAhead)
    // while the store writes the file before.
    void readAhead(QStringList files);
    // Never throws for a bad file: the result says why it was refused (or that a cancel rolled it back).
    GpxFileImportResult importFile(const QString& path, TaskFeedback& feedback);

  private:
    std::unique_ptr<GpxReadAhead> m_readAhead;
    TrackImporter& m_importer;
    QString m_region;
    QString m_sourceId;
    GpxReadOptions m_options;
};

} // namespace tidemark::tracks
