#pragma once

#include <QString>
#include <vector>

namespace tidemark::tracks {

class TracksDatabase;

struct PipelineRun {
    qint64 id = 0;
    QString region, source, startedAt, finishedAt, status, error;
    qint64 tracksAdded = 0, tracksMerged = 0;
};

struct TracksHealthReport {
    static constexpr qint64 kDefaultWarnAboveBytes = 2LL * 1024 * 1024 * 1024; // ADR-005: 2 GB
    qint64 tracks = 0;
    bool postgis = false;     // a PostGIS store: the sizes are its relations', the threshold does not apply
    qint64 databaseBytes = 0; // the database file (PostGIS: the tables with their TOAST, without indexes)
    qint64 walBytes = 0;      // its -wal file (0 when absent)
    qint64 indexBytes = 0;    // PostGIS: the tables' indexes
    qint64 warnAboveBytes = kDefaultWarnAboveBytes;
    std::vector<PipelineRun> lastRuns; // newest first
    double databaseMb() const { return databaseBytes / 1048576.0; }
    double walMb() const { return walBytes / 1048576.0; }
    double indexMb() const { return indexBytes / 1048576.0; }
    // A file and its WAL together above the threshold (ADR-005's sign to move to PostGIS).
    bool overThreshold() const { return !postgis && databaseBytes + walBytes > warnAboveBytes; }
};

// Health of a tracks store: its track count, the sizes (a file's database and WAL, a PostGIS store's tables
// and indexes), the last pipeline runs and a file's warning above 2 GB (the threshold is a parameter so that
// a test need not write 2 GB).
class TracksHealth {
  public:
    explicit TracksHealth(TracksDatabase& db);
    TracksHealthReport read(qint64 warnAboveBytes = TracksHealthReport::kDefaultWarnAboveBytes,
                            int lastRuns = 5);

  private:
    TracksDatabase& m_db;
};

} // namespace tidemark::tracks
