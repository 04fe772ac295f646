#pragma once

#include "metricstextfile.h"

namespace tidemark::tracks {

struct TracksRetentionReport;

// The metrics of `tracks retain` runs for the node exporter's textfile collector: tracks deleted, bytes
// returned to the file system, runs that found the R-tree inconsistent, runs whose clock check was overridden
// (--allow-clock-ahead) and the seconds of a run; with the
// last run's gauges (tidemark_tracks_retain_last_*). They accumulate across the timer's runs
// (MetricsTextfile).
class TracksRetentionMetrics {
  public:
    TracksRetentionMetrics();
    TracksRetentionMetrics(const TracksRetentionMetrics&) = delete;
    TracksRetentionMetrics& operator=(const TracksRetentionMetrics&) = delete;

    void record(const TracksRetentionReport& report, double seconds, bool clockOverridden = false);
    MetricsTextfile& textfile() { return m_file; }

  private:
    MetricsTextfile m_file;
    MetricsTextfile::Counter& m_deleted;
    MetricsTextfile::Counter& m_freedBytes;
    MetricsTextfile::Counter& m_inconsistentIndex;
    MetricsTextfile::Counter& m_clockOverrides;
    MetricsTextfile::Histogram& m_seconds;
};

} // namespace tidemark::tracks
