#pragma once

#include "importedtrack.h"
#include "trackdensity.h"
#include "trackrow.h"
#include "trackscreatedday.h"
#include "tracksimplifier.h"
#include "trackslocation.h"
#include "tracksplanunits.h"

#include "timestamp.h"

#include <QString>
#include <QStringList>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::tracks {

struct TracksQuery;
struct TracksSummary;
struct PipelineRun;
struct TracksRetentionReport;
struct TracksHealthReport;

// A track as the importer writes it: the row's values, the line's points and its bounding box.
struct NewTrackRow {
    QString dedupKey;
    QString name;
    QString activity;
    QStringList sources;
    QStringList externalUrls;
    std::optional<QString> user; // only where the source's licence allows authors
    QString description;         // empty: NULL
    QStringList tags;            // empty: NULL
    double lengthMetres = 0;
    TrackBox bbox;
    std::optional<Micros> startedAt;
    Micros createdAt = 0;
    const std::vector<TrackPoint>* points = nullptr;
};

// The row of an existing dedup key that an import merges into.
struct ExistingTrack {
    qint64 id = 0;
    QStringList sources;
    QStringList externalUrls;
};

// What TracksDatabase::insertUnlessKnown did: inserted the track, or found the row already holding its
// dedup key (locked for the merge), or neither (another writer committed the same key in between).
struct TrackInsert {
    bool inserted = false;
    std::optional<ExistingTrack> existing;
};

// The tracks of one activity with one list of sources: how many, and their extent (zoom to fit unites those
// a filter leaves).
struct TracksGroupExtent {
    QString activity;
    QStringList sources;
    qint64 tracks = 0;
    TrackBox extent;
};

// One row of a bounding-box scan, before the source filter and the page: the summary columns, or (for the
// map) only id, activity and sources with the line's points.
struct BoxRow {
    TrackRow row;
    std::vector<LonLat> points; // only in a geometry scan
};

// How a backend's SQL sorts and pages: its expressions for the name (without case) and the activity (by
// bytes), whether NULLs must be placed explicitly where SQLite places them (first going up, last going down),
// and the LIMIT that means every row.
struct TracksOrderDialect {
    QString name;
    QString activity;
    bool explicitNulls = false;
    QString noLimit;
};
// The ORDER BY clause of a query's order, ties by id, so that both backends page alike; for a query without a
// sources filter (which is applied in C++) also its LIMIT and OFFSET.
QString tracksOrderAndPage(const TracksQuery& query, const TracksOrderDialect& dialect);

// A retention run as the store records it (tracks_retention_runs): when, what it deleted, and the plan it
// applied (empty sha256: a run without a plan). status: "done", "stale" (some of a plan's tracks were
// stale), "cancelled".
struct TracksRetentionRun {
    Micros startedAt = 0;
    Micros finishedAt = 0;
    QString status;
    Micros cutoff = 0;
    qint64 deleted = 0;
    qint64 stale = 0;
    qint64 left = 0;
    QString planSha256;
};

// One connection to a tracks store, SpatiaLite file or PostGIS database: the statements the store's rules
// (TracksStore, TrackImporter, TracksRetention, TracksHealth) are written against, so that each rule is
// written once and runs on both. One thread only. The rules keep what is not storage: the merge of sources in
// configured order, the source filter and the page, the cutoff and the batches.
class TracksDatabase {
  public:
    enum class Access {
        ReadWrite, // an existing store
        ReadOnly,  // an existing store, reads only (PostGIS: read-only transactions, so a hot standby serves)
        Create     // tracks init: a new store or one to migrate
    };
    // Opens the store `location` names: SpatialiteDatabase::open or PostgisTracksDatabase::open. Throws
    // tidemark::Error naming the file or the server (Connection, Schema with the command that fixes it,
    // Refused for a foreign or newer store).
    static std::unique_ptr<TracksDatabase> open(const TracksLocation& location,
                                                Access access = Access::ReadWrite);

    virtual ~TracksDatabase() = default;
    virtual bool isPostgis() const = 0;
    // The file's path, or "host:port/dbname" (never a password).
    virtual QString describe() const = 0;
    // The server's clock (PostGIS), for the clock check of a retention; nothing for a file.
    virtual std::optional<Micros> serverNow() = 0;
    // The id stored in the store itself (tracks_store, written once by its migration 0003: a copy of a file
    // keeps it, a new store has another); empty for a store not yet migrated to it. Reads only, so a
    // read-only open serves.
    virtual QString storeId() = 0;

    // A write transaction (SQLite BEGIN IMMEDIATE); commitWrite ends it, rollbackWrite never throws.
    virtual void beginWrite() = 0;
    virtual void commitWrite() = 0;
    virtual void rollbackWrite() = 0;

    // Reads.
    virtual qint64 trackCount() = 0;
    virtual qint64 pipelineRunCount() = 0;
    // Each track's sources (in no particular order of tracks).
    virtual void forEachSourceList(const std::function<void(const QStringList&)>& take) = 0;
    // Count, Σ length and extent per activity, most tracks first (TracksSummaryLoader's rows, without
    // the total).
    virtual std::vector<TracksSummary> summariesByActivity() = 0;
    // Count and extent per activity and list of sources (one statement: the groups are few).
    virtual std::vector<TracksGroupExtent> extentsByActivityAndSources() = 0;
    // The tracks whose bounding box meets query.box (index prefetch, then the stored bbox columns), of the
    // query's activities, in the query's order (ties by id), streamed (never one result in memory). The
    // query's offset and limit are applied in SQL when it filters no sources; its sources are the caller's
    // (then so are offset and limit). `withGeometry`: id, activity, sources and points only.
    virtual void scanBox(const TracksQuery& query, bool withGeometry,
                         const std::function<void(BoxRow&)>& take) = 0;
    // How many tracks scanBox would give without offset and limit (a query without a sources filter).
    virtual qint64 countInBox(const TracksQuery& query) = 0;
    virtual std::vector<PipelineRun> lastPipelineRuns(int count) = 0;
    // How many tracks' boxes meet `box`, counting no further than `atMost` (the spatial index alone, so a
    // view of the world over a million tracks costs no more than a small one).
    virtual qint64 countInBoxUpTo(const TrackBox& box, qint64 atMost) = 0;
    // How many tracks of the query's activities (all when it names none; its sources are not looked at) meet
    // its box by their stored bounding box, counting no further than `atMost`.
    virtual qint64 countInBoxUpTo(const TracksQuery& query, qint64 atMost) = 0;

    // Import (inside beginWrite/commitWrite: a batch, or the record of a failed or stopped one).
    virtual void prepareImport() {} // before an import's first batch (SQLite: synchronous=NORMAL)
    // Outside a transaction: every committed "running" row becomes "failed" at `at` with `error`; how many.
    virtual int failAbandonedPipelineRuns(Micros at, const QString& error) = 0;
    virtual qint64 startPipelineRun(const QString& region, const QString& source, Micros startedAt) = 0;
    virtual void finishPipelineRun(qint64 id, Micros finishedAt, const QString& status, int added, int merged,
                                   const QString& error) = 0;
    // The row holding that key, locked for the merge (PostGIS: FOR UPDATE).
    virtual std::optional<ExistingTrack> findByDedupKey(const QString& key) = 0;
    virtual void updateSources(qint64 id, const QStringList& sources, const QStringList& externalUrls) = 0;
    // Inserts the track unless a row holds its dedup key: then that row, as findByDedupKey gives it (one
    // round trip on a server, whichever it is).
    virtual TrackInsert insertUnlessKnown(const NewTrackRow& track) = 0;
    virtual void finishImport() {} // after an import's last batch (SQLite: a passive WAL checkpoint)

    // Retention.
    virtual std::optional<Micros> newestCreatedAt() = 0;
    virtual std::vector<qint64> idsCreatedBefore(Micros cutoff) = 0; // ascending
    // Deletes those of `ids` (ascending) still created before `cutoff` (the re-check inside the deleting
    // transaction, after its lock), returns the ids that went, ascending.
    virtual std::vector<qint64> deleteTracks(const std::vector<qint64>& ids, Micros cutoff) = 0;
    // The tracks created before `cutoff` with what a plan's apply re-checks (TracksPlanUnits), ascending:
    // the same ids as idsCreatedBefore.
    virtual std::vector<PlannedTrack> plannedTracksCreatedBefore(Micros cutoff) = 0;
    // Inside beginWrite/commitWrite: those of `ids` (ascending) that exist, as they are now, locked until the
    // transaction ends (SQLite: the write lock is held; PostGIS: FOR UPDATE), ascending.
    virtual std::vector<PlannedTrack> lockTracks(const std::vector<qint64>& ids) = 0;
    // Records a retention run in its own transaction; false (nothing written) when the store has no
    // tracks_retention_runs yet (a store not migrated to version 3).
    virtual bool recordRetentionRun(const TracksRetentionRun& run) = 0;
    // The bytes the store takes (file + WAL, or the relations with their indexes and TOAST).
    virtual qint64 storeBytes() = 0;
    // Returns freed space after a run's deletes (SQLite: incremental vacuum steps of `vacuumPagesPerStep`
    // pages; PostGIS: VACUUM, which makes the space reusable without VACUUM FULL's exclusive lock), stopping
    // when the feedback cancels.
    virtual void reclaimSpace(TracksRetentionReport* report, int vacuumPagesPerStep,
                              TaskFeedback& feedback) = 0;
    // The spatial index checked against the table (spatialIndexValid, spatialIndexRows, geometryRows).
    virtual void checkSpatialIndex(TracksRetentionReport* report) = 0;

    // Health: the sizes of the store.
    virtual void readSizes(TracksHealthReport* report) = 0;

    // A read that writes nothing (a forecast): until endRead every read sees one state of the store and a
    // write fails (SQLite: PRAGMA query_only in a deferred transaction; PostGIS: a REPEATABLE READ, READ ONLY
    // transaction). endRead never throws.
    virtual void beginRead() = 0;
    virtual void endRead() = 0;
    // Capacity, by created_at through its index: the tracks created in [from, to), and the tracks per UTC day
    // of created_at, ascending (days without tracks left out).
    virtual qint64 countCreatedIn(Micros from, Micros to) = 0;
    virtual std::vector<TracksCreatedDay> tracksPerCreatedDay() = 0;

    // Each track's activity and line (of `ids`, or of every track when `ids` is empty), in id order.
    virtual void forEachLine(
        const std::vector<qint64>& ids,
        const std::function<void(qint64 id, const QString& activity, std::vector<LonLat>& points)>& take) = 0;
    // The density overviews' stored tiles (TrackDensity::encode), of every track's overview or of one
    // activity's (`layer`): those of `zoom` within the tile range, in key order; those of `keys` that are
    // stored, read in one statement to be updated in the open write transaction (on a server, another writer
    // of an overview waits until it ends); writing tiles in one statement (empty bytes remove a tile); every
    // tile of both overviews removed (a rebuild's start, which they wait for too).
    virtual std::vector<std::pair<DensityTileKey, QByteArray>>
    densityTiles(const DensityLayer& layer, int zoom, int minX, int minY, int maxX, int maxY) = 0;
    virtual std::vector<std::pair<DensityTileKey, QByteArray>>
    densityTilesOf(const DensityLayer& layer, const std::vector<DensityTileKey>& keys) = 0;
    virtual void writeDensityTiles(const DensityLayer& layer,
                                   const std::vector<std::pair<DensityTileKey, QByteArray>>& tiles) = 0;
    virtual void clearDensity() = 0;
};

} // namespace tidemark::tracks
