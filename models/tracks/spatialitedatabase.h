#pragma once

#include "tracksdatabase.h"

#include "sqlitefile.h"
#include "sqlitestatement.h"

#include <QString>
#include <memory>

struct sqlite3;

namespace tidemark::tracks {

// A connection to a tracks file: a SqliteFile (the one plain opener, hardened) with SpatiaLite
// (mod_spatialite) loaded, its spatial metadata initialised (InitSpatialMetadata(1) on a new file), WAL
// journal mode (unless opened read-only) and a busy timeout. One thread only.
//
// An existing file is first looked at read-only, with nothing loaded (TracksFileCheck): a file that is not a
// tracks file, or holds a schema object that neither Tidemark's migrations nor SpatiaLite create, is refused
// before anything is written or any of its triggers can run, and is left byte for byte as it was. The
// connection's schema is trusted (SpatiaLite's own triggers call its functions) only after the same check on
// the connection itself.
//
// It is the SQLite backend of TracksDatabase (those statements are in spatialitetracks.cpp).
class SpatialiteDatabase : public TracksDatabase {
  public:
    enum class Mode {
        OpenExisting,    // a tracks file (TracksFileCheck::requireTracksFile)
        CreateIfMissing, // a new file, or one holding only Tidemark's and SpatiaLite's objects (tracks init)
        // A tracks file, read only (SqliteFile::Mode::ReadOnly): no journal-mode change, nothing created
        // beside the file, so that a backup copy is not modified by looking at it and a read-only copy can
        // be read. Every write fails (SQLITE_READONLY).
        ReadOnly
    };
    // Throws tidemark::Error(Connection) naming the file when it cannot be opened or created or is not a
    // sound SQLite file (another kind of file, a truncated copy), (Schema) for a file without the tracks
    // tables, (Refused) for a foreign object or a newer schema, or (Failed) when SpatiaLite cannot be loaded.
    static std::unique_ptr<SpatialiteDatabase> open(const QString& path, Mode mode = Mode::OpenExisting);
    // A new in-memory database with SpatiaLite's metadata (of the WGS 84 reference systems only).
    static std::unique_ptr<SpatialiteDatabase> openInMemory();

    void exec(const QString& sql);
    SqliteStatement prepare(const QString& sql);
    qint64 scalar(const QString& sql); // the first column of the first row (0 when no row)
    bool hasTable(const QString& name);

    void begin() { exec(QStringLiteral("BEGIN IMMEDIATE")); }
    void commit() { exec(QStringLiteral("COMMIT")); }
    void rollback();
    void checkpointWal(); // PRAGMA wal_checkpoint(PASSIVE)

    QString path() const { return m_file->path(); }
    qint64 databaseBytes() const; // the file's size on disk
    qint64 walBytes() const;      // its -wal file's (0 when absent)
    sqlite3* handle() const { return m_file->handle(); }
    SqliteFile& file() { return *m_file; }

    // TracksDatabase
    bool isPostgis() const override { return false; }
    QString describe() const override { return path(); }
    std::optional<Micros> serverNow() override { return std::nullopt; }
    QString storeId() override;
    void beginWrite() override { begin(); }
    void commitWrite() override { commit(); }
    void rollbackWrite() override { rollback(); }
    qint64 trackCount() override;
    qint64 pipelineRunCount() override;
    void forEachSourceList(const std::function<void(const QStringList&)>& take) override;
    std::vector<TracksSummary> summariesByActivity() override;
    void scanBox(const TracksQuery& query, bool withGeometry,
                 const std::function<void(BoxRow&)>& take) override;
    std::vector<PipelineRun> lastPipelineRuns(int count) override;
    qint64 countInBox(const TracksQuery& query) override;
    qint64 countInBoxUpTo(const TrackBox& box, qint64 atMost) override;
    qint64 countInBoxUpTo(const TracksQuery& query, qint64 atMost) override;
    std::vector<TracksGroupExtent> extentsByActivityAndSources() override;
    void prepareImport() override;
    int failAbandonedPipelineRuns(Micros at, const QString& error) override;
    qint64 startPipelineRun(const QString& region, const QString& source, Micros startedAt) override;
    void finishPipelineRun(qint64 id, Micros finishedAt, const QString& status, int added, int merged,
                           const QString& error) override;
    std::optional<ExistingTrack> findByDedupKey(const QString& key) override;
    void updateSources(qint64 id, const QStringList& sources, const QStringList& externalUrls) override;
    TrackInsert insertUnlessKnown(const NewTrackRow& track) override;
    void finishImport() override { checkpointWal(); }
    std::optional<Micros> newestCreatedAt() override;
    std::vector<qint64> idsCreatedBefore(Micros cutoff) override;
    std::vector<qint64> deleteTracks(const std::vector<qint64>& ids, Micros cutoff) override;
    std::vector<PlannedTrack> plannedTracksCreatedBefore(Micros cutoff) override;
    std::vector<PlannedTrack> lockTracks(const std::vector<qint64>& ids) override;
    bool recordRetentionRun(const TracksRetentionRun& run) override;
    qint64 storeBytes() override { return databaseBytes() + walBytes(); }
    void reclaimSpace(TracksRetentionReport* report, int vacuumPagesPerStep, TaskFeedback& feedback) override;
    void checkSpatialIndex(TracksRetentionReport* report) override;
    void readSizes(TracksHealthReport* report) override;
    void beginRead() override;
    void endRead() override;
    qint64 countCreatedIn(Micros from, Micros to) override;
    std::vector<TracksCreatedDay> tracksPerCreatedDay() override;
    void forEachLine(const std::vector<qint64>& ids,
                     const std::function<void(qint64 id, const QString& activity,
                                              std::vector<LonLat>& points)>& take) override;
    std::vector<std::pair<DensityTileKey, QByteArray>>
    densityTiles(const DensityLayer& layer, int zoom, int minX, int minY, int maxX, int maxY) override;
    std::vector<std::pair<DensityTileKey, QByteArray>>
    densityTilesOf(const DensityLayer& layer, const std::vector<DensityTileKey>& keys) override;
    void writeDensityTiles(const DensityLayer& layer,
                           const std::vector<std::pair<DensityTileKey, QByteArray>>& tiles) override;
    void clearDensity() override;

    // The SQL of the bounding-box prefetch, ordered and paged, for EXPLAIN QUERY PLAN in tests.
    static QString prefetchSql(const TracksQuery& query, const QString& columns);

  private:
    // Each track created before `cutoff`, in id order, as a row of "id, created_at" and `columns` (", a, b").
    void forEachCreatedBefore(Micros cutoff, const QString& columns,
                              const std::function<void(SqliteStatement&)>& take);
    // The prefetch's SELECT of `columns` and its filters, without order or page.
    static QString filterSql(const TracksQuery& query, const QString& columns);
    explicit SpatialiteDatabase(std::unique_ptr<SqliteFile> file);
    static std::unique_ptr<SpatialiteDatabase> withSpatialite(const QString& path, SqliteFile::Mode mode);
    std::unique_ptr<SqliteFile> m_file;
};

} // namespace tidemark::tracks
