#pragma once

#include "gpxfilebatch.h"
#include "trackslocation.h"
#include "tracksourcelist.h"

#include "timestamp.h"

#include <QMetaType>
#include <QRegularExpression>
#include <QStringList>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

// A GPX import as both front ends ask for it: the store, the files, their source and region, the read options
// (routes, the activity of a track without a <type>), the configured sources (settings already read) and the
// clock.
struct TracksImportRequest {
    // The region of the pipeline_runs rows: a name of configuration (e.g. "alps"), never free text.
    static constexpr char kDefaultRegion[] = "default";
    static constexpr int kMaxRegionLength = 64;
    // The activity of a track without a GPX <type>, stored trimmed and in lower case as a <type> is: one word
    // ("hike", "e-bike"), so that the activity filter lists it once.
    static constexpr const char* kDefaultActivity = GpxReadOptions::kDefaultActivity;
    static constexpr int kMaxActivityLength = 32;
    // What each takes, whole (anchored): 1 to kMaxRegionLength letters, digits, '.', '-' or '_'; 1 to
    // kMaxActivityLength letters, digits, '-' or '_' (of any case: the activity is lowered before the match).
    static QRegularExpression regionPattern();
    static QRegularExpression activityPattern();

    TracksLocation store;
    QStringList files;
    QString sourceId;
    QString region = QString::fromLatin1(kDefaultRegion); // matches regionPattern()
    GpxReadOptions options; // options.defaultActivity, trimmed and in lower case, matches activityPattern()
    TrackSourceList sources = TrackSourceList::demo();
    Micros now = 0;

    // Throws Error(Usage) naming the option and what it takes: no files, a region or an activity that does
    // not match its pattern.
    void validate() const;
};

// What an import did: one result per file handled, in order (a refused file wrote nothing; every other one
// is committed as its own batch); after a cancel, the files not imported (the one the cancel stopped inside,
// rolled back whole, and those not started).
struct TracksImportReport {
    TracksLocation store;
    QString storeName; // TracksDatabase::describe(): the file, or host:port/dbname
    QString sourceId;
    QString region;
    std::vector<GpxFileImportResult> files;
    QStringList notImported;
    bool cancelled = false;
    QStringList warnings; // the refused point times of each file ("FILE line L, column C: bad <time>: ...")

    GpxImportTotals totals() const { return GpxImportTotals::of(files); }
    bool anyRefused() const { return totals().refused > 0; }
};

// The progress detail of an import, after each file: files done of all, points read so far, and the file
// just done.
struct TracksImportProgress {
    int filesDone = 0;
    int files = 0;
    qint64 points = 0;
    std::optional<GpxFileImportResult> lastFile;
};

// `tidemark-cli tracks import` and TracksDataset::importFiles: each file one (region, source) batch of
// GpxFileBatch, in order; a refused file is reported and the others go on. Pause and cancel take hold
// between files (and every 50 tracks inside one, whose batch is then rolled back whole). Throws Error: Usage
// for a request that does not validate or an unknown source, before anything is opened; Connection / Schema
// for the tracks store.
class TracksImportJob {
  public:
    static TracksImportReport run(const TracksImportRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::tracks

Q_DECLARE_METATYPE(tidemark::tracks::TracksImportProgress)
