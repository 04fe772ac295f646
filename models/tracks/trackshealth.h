#pragma once

#include <QString>
#include <vector>

namespace tidemark::tracks {

class SpatialiteDatabase;

struct PipelineRun {
    qint64 id = 0;
    QString region, source, startedAt, finishedAt, status, error;
    qint64 tracksAdded = 0, tracksMerged = 0;
};

struct TracksHealthReport {
    static constexpr qint64 kDefaultWarnAboveBytes = 2LL * 1024 * 1024 * 1024; // ADR-005: 2 GB
    qint64 tracks = 0;
    qint64 databaseBytes = 0; // the database file
    qint64 walBytes = 0;      // its -wal file (0 when absent)
    qint64 warnAboveBytes = kDefaultWarnAboveBytes;
    std::vector<PipelineRun> lastRuns; // newest first
    double databaseMb() const { return databaseBytes / 1048576.0; }
    double walMb() const { return walBytes / 1048576.0; }
    // The database and its WAL together above the threshold.
    bool overThreshold() const { return databaseBytes + walBytes > warnAboveBytes; }
};

// Health of a tracks file: its track count, the database and WAL sizes, the last pipeline runs and the
// warning above 2 GB (the threshold is a parameter so that a test need not write 2 GB).
class TracksHealth {
  public:
    explicit TracksHealth(SpatialiteDatabase& db);
    TracksHealthReport read(qint64 warnAboveBytes = TracksHealthReport::kDefaultWarnAboveBytes,
                            int lastRuns = 5);

  private:
    SpatialiteDatabase& m_db;
};

} // namespace tidemark::tracks
