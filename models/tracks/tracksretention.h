#pragma once

#include "clockcheck.h"
#include "planunitoutcome.h"
#include "timestamp.h"
#include "tracksplanunits.h"

#include <QString>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

class TracksDatabase;

// What a retention run would delete: every track whose created_at is before the cutoff.
struct TracksRetentionPreview {
    Micros cutoff = 0;
    std::vector<qint64> ids; // ascending
};

struct TracksRetentionReport {
    Micros cutoff = 0;
    std::vector<qint64> deleted; // ascending
    int batches = 0;
    int vacuumSteps = 0;
    qint64 fileBytesBefore = 0; // the database file plus its WAL (PostGIS: the tables with their indexes)
    qint64 fileBytesAfter = 0;
    qint64 freedBytes() const { return fileBytesBefore - fileBytesAfter; }
    bool incrementalVacuum = true; // false: the file was not created with auto_vacuum=INCREMENTAL
    bool spatialIndexValid =
        false; // the spatial index is valid and holds every geometry (SQLite: the
               // R-tree's rows; PostGIS: the GiST index is valid and answers for every row)
    qint64 spatialIndexRows = 0;
    qint64 geometryRows = 0;
    bool cancelled = false; // stopped between batches: `deleted` went, the rest stays for the next run
};

// Retention of a tracks store (spec/tracks.md): tracks created more than GPS_TRACKS_RETENTION_YEARS ago are
// deleted in bounded batches (each its own transaction, which re-checks each track's age after its lock; the
// spatial index kept by SpatiaLite's triggers or by PostgreSQL), the freed space is reclaimed (a file's pages
// step by step with PRAGMA incremental_vacuum(N) and a WAL checkpoint after each step; a database's by
// VACUUM, never VACUUM FULL) and the spatial index is checked afterwards.
class TracksRetention {
  public:
    // `now` minus `years` calendar years (UTC; a negative count adds them); 29 February maps to 28 February.
    static Micros cutoff(Micros now, int years);
    // The clock check of a run or a preview at `now` (the CLI's and the console's): `now` against this
    // machine's clock `machineNow`, and against the day the newest track's created_at turns `years` old (a
    // run after it deletes every track of the file: what a machine clock years ahead does, which the check
    // against itself cannot see), and against the database server's clock `serverNow` (PostGIS). More than
    // ClockCheck::kMaxClockAhead ahead of any throws Error(Refused) naming both clocks unless `allowed`;
    // allowed, the check it failed is returned (to warn and count), else nothing.
    static std::optional<ClockCheck> checkClock(Micros now, Micros machineNow,
                                                std::optional<Micros> newestCreatedAt, int years,
                                                bool allowed, std::optional<Micros> serverNow = std::nullopt);

    explicit TracksRetention(TracksDatabase& db, int batchSize = 500, int vacuumPagesPerStep = 1024);

    // The newest created_at of the store's tracks; nothing for a store without tracks.
    std::optional<Micros> newestCreatedAt();
    TracksRetentionPreview preview(Micros cutoff);
    // Deletes exactly the preview's tracks of `cutoff`. Cancelled, it stops between batches and reports what
    // it deleted (cancelled = true): the WAL is checkpointed and the spatial index checked, the vacuum left
    // to the next run.
    TracksRetentionReport run(Micros cutoff, TaskFeedback& feedback);
    // Deletes exactly the plan's tracks, in the same batches as run(), each batch's transaction re-checking
    // every planned track after its lock: gone, it is Done; its created_at, dedup_key or sources changed
    // since the plan (another track now holds the id, or a duplicate from another source was merged into
    // it), or it is not created before `cutoff` (the clock's named by `clockName`), it is Stale and kept;
    // the others are deleted (Applied). No other track is touched. Cancelled between batches, the tracks not
    // reached are Left. One outcome per planned track, in plan order, into `outcomes`.
    TracksRetentionReport apply(const TracksPlanUnits& plan, Micros cutoff, const QString& clockName,
                                TaskFeedback& feedback, std::vector<PlanUnitOutcome>* outcomes);
    // TracksDatabase::checkSpatialIndex (SQLite: CheckSpatialIndex('tracks','geom') and the R-tree's row
    // count against the tracks with a geometry).
    void checkSpatialIndex(TracksRetentionReport* report);

  private:
    // In the open write transaction: deletes those of `ids` still created before `cutoff`, their pixels
    // taken out of the density overview; the ids that went, ascending.
    std::vector<qint64> deleteWithOverview(const std::vector<qint64>& ids, Micros cutoff);
    // After the deletes: the space reclaimed, the spatial index checked, the size after.
    void finish(TracksRetentionReport* report, TaskFeedback& feedback);
    void reportBatch(const TracksRetentionReport& report, size_t done, size_t total, TaskFeedback& feedback);

    TracksDatabase& m_db;
    int m_batchSize;
    int m_vacuumPagesPerStep;
};

} // namespace tidemark::tracks
