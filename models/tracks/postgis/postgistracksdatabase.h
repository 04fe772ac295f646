#pragma once

#include "pgconnection.h"
#include "tracksdatabase.h"

#include <QString>
#include <memory>

namespace tidemark {
class PgTransaction;
} // namespace tidemark

namespace tidemark::tracks {

// The PostGIS backend of TracksDatabase: the tracks schema of resources/sql/tracks-postgis on a PostgreSQL
// database with the postgis extension, through the one PgConnection. The bounding-box prefetch is the GiST
// index with &&, then the stored bbox columns, as on SQLite; dedup is the UNIQUE dedup_key (ON CONFLICT, the
// look-up FOR UPDATE); times are timestamptz and the lists jsonb, read back into the same text as a file's.
// Opened ReadOnly, every transaction of the session is read only, so a hot standby serves the reads.
class PostgisTracksDatabase : public TracksDatabase {
  public:
    // Throws tidemark::Error: Connection naming the server, Schema for a database without PostGIS
    // (naming CREATE EXTENSION postgis) or, unless `access` is Create, without the tracks tables (naming
    // tidemark-cli tracks init --db), Refused for a schema newer than this Tidemark knows.
    static std::unique_ptr<PostgisTracksDatabase> open(const QString& conninfo,
                                                       Access access = Access::ReadWrite);
    ~PostgisTracksDatabase() override;

    PgConnection& connection() { return *m_db; }

    bool isPostgis() const override { return true; }
    QString describe() const override;
    std::optional<Micros> serverNow() override;
    QString storeId() override;
    void beginWrite() override;
    void commitWrite() override;
    void rollbackWrite() override;
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
    int failAbandonedPipelineRuns(Micros at, const QString& error) override;
    qint64 startPipelineRun(const QString& region, const QString& source, Micros startedAt) override;
    void finishPipelineRun(qint64 id, Micros finishedAt, const QString& status, int added, int merged,
                           const QString& error) override;
    std::optional<ExistingTrack> findByDedupKey(const QString& key) override;
    void updateSources(qint64 id, const QStringList& sources, const QStringList& externalUrls) override;
    TrackInsert insertUnlessKnown(const NewTrackRow& track) override;
    std::optional<Micros> newestCreatedAt() override;
    std::vector<qint64> idsCreatedBefore(Micros cutoff) override;
    std::vector<qint64> deleteTracks(const std::vector<qint64>& ids, Micros cutoff) override;
    std::vector<PlannedTrack> plannedTracksCreatedBefore(Micros cutoff) override;
    std::vector<PlannedTrack> lockTracks(const std::vector<qint64>& ids) override;
    bool recordRetentionRun(const TracksRetentionRun& run) override;
    qint64 storeBytes() override;
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

    // The pg_advisory_xact_lock key that every writer of the density overview takes first ("TRKDENSE"), so
    // that no two compute new tiles from the same old ones.
    static constexpr long long kDensityLockKey = 0x54524B44454E5345LL;

    // Views of at least `tracks` tracks are scanned on the bbox columns without the spatial index (2,000
    // unless set; tests set it low to compare both ways).
    void setWideView(qint64 tracks) { m_wideView = tracks; }

  private:
    // The bounding-box query's SELECT of `columns` and its filters (without order or page), and its
    // parameters.
    QString boxSql(const TracksQuery& query, const QString& columns);
    // Tracks in view from which the GiST index is not used: past a few thousand a scan of the table's bbox
    // columns is the faster plan (a million rides: 0.19 s, against 0.29 s through the index for 16,562 in
    // view), and counting that far on the index costs 40 ms at most.
    qint64 m_wideView = 2000;
    static std::vector<PgParam> boxParams(const TracksQuery& query);
    explicit PostgisTracksDatabase(std::unique_ptr<PgConnection> db);
    // A write of the open write transaction whose result nobody reads (a merge's sources, the overview's
    // tiles, the run's end): sent in front of the transaction's next statement or with its COMMIT, a round
    // trip fewer each. At most two wait, so that a rebuild's tiles are not all held.
    void deferWrite(PgStatement statement);
    // `statement` with the deferred writes before it, in one round trip; its result.
    PgResult execAfterDeferred(PgStatement statement);
    // The same for several statements; the last one's result.
    PgResult lastAfterDeferred(std::vector<PgStatement> statements);
    std::unique_ptr<PgConnection> m_db;
    std::unique_ptr<PgTransaction> m_write;
    std::vector<PgStatement> m_deferred;
    std::unique_ptr<PgTransaction> m_read;
};

// A PostgreSQL text[] literal of `items` (each quoted), for "= ANY($n::text[])".
QString pgTextArray(const QStringList& items);
// The epoch microseconds of a timestamptz column, as an expression of `column` (NULL stays NULL).
QString pgMicrosOf(const QString& column);

} // namespace tidemark::tracks
