#pragma once

#include "requestlimit.h"

#include <QMap>
#include <QMetaType>
#include <QPair>
#include <QString>
#include <QStringList>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

// `tidemark-cli tracks migrate --sqlite FILE --db CONNINFO` (and the console's task of it): a tracks file
// into an initialised PostGIS store. `batchTracks` tracks per transaction.
struct TracksMigrateRequest {
    // A batch is what a stop (pause, cancel, SIGTERM) waits for: ten times the default at most.
    static constexpr RequestLimit kBatchTracks{"--batch", 1, 20000, "tracks"};
    static constexpr int kDefaultBatchTracks = 2000;

    QString sqlitePath;
    QString conninfo;
    int batchTracks = kDefaultBatchTracks; // within kBatchTracks

    // Throws Error(Usage) naming the option and its limits: a batch outside kBatchTracks.
    void validate() const;
};

// The figures the verification compares, per (activity, source): a track counts once for each source.
struct TracksMigrateSums {
    qint64 tracks = 0;
    qint64 points = 0;
    double lengthMetres = 0;
    bool operator==(const TracksMigrateSums& o) const {
        return tracks == o.tracks && points == o.points && lengthMetres == o.lengthMetres;
    }
};
using TracksMigrateGroups = QMap<QPair<QString, QString>, TracksMigrateSums>;

struct TracksMigrateReport {
    QString source;               // the file
    QString target;               // host:port/dbname
    bool resumed = false;         // an earlier run of the same migration had copied part of it
    qint64 tracksBefore = 0;      // copied by earlier runs, when this run started
    qint64 tracksCopied = 0;      // by this run
    qint64 tracksChanged = 0;     // copied again by this run: changed in the file since they were copied
    qint64 tracksRemoved = 0;     // removed from the store by this run: deleted from the file since copied
    bool alreadyMigrated = false; // a verified migration with nothing changed since: nothing was written
    qint64 runsCopied = 0;        // pipeline_runs rows, by this run
    qint64 tracksInFile = 0;
    int batches = 0;
    qint64 overviewTiles = 0; // the density overview's tiles, copied whole when they changed in the file
    bool cancelled = false;   // stopped between batches: what was copied stays, the next run resumes
    bool verified = false;    // every check below agreed; only then is the migration done
    qint64 tracksInStore = 0;
    TracksMigrateGroups groups; // the file's figures (the store's agreed when verified)
    QStringList mismatches;     // what the verification found different, each naming file and store values
    bool done() const { return verified && !cancelled; }
};

// Streams every track and pipeline run of a tracks file into a PostGIS store initialised by `tracks init
// --db` (COPY, `batchTracks` tracks per transaction, ids kept), then verifies before it reports done: the
// counts, every (id, dedup key) pair, Σ points_count and Σ length_m per activity and source, and the density
// overview's tiles (copied whole at the end, compared byte for byte). The file is only read (read-only
// connection, nothing loaded). Each batch records the fingerprint of every track it copied
// (TracksMigrationLedger); a later run of the same migration first compares the file with them, copies again
// the tracks the file changed, removes those it deleted and copies the new ones, and the runs and the
// overview when they changed: so an interrupted migration resumes, and a verified one run again writes
// nothing unless the file changed (alreadyMigrated). Runs only onto an empty store or its own migration: a
// store holding anything else, or written since by anything but the migration (a pipeline run it did not
// write, a track it did not copy, a copied track gone), is refused (Error(Refused), naming it) before the
// write, checked in every write transaction under locks that keep other writers out. Pause and cancel take
// hold between batches. Throws Error: Usage for a request that does not validate, before anything is opened;
// Connection / Schema for the file or the database (a database without the store, or without its migration
// 0002, names `tracks init --db`).
class TracksMigrateJob {
  public:
    static TracksMigrateReport run(const TracksMigrateRequest& request, TaskFeedback& feedback);
};

} // namespace tidemark::tracks

Q_DECLARE_METATYPE(tidemark::tracks::TracksMigrateReport)
