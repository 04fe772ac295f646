#pragma once

#include "metricstextfile.h"

namespace tidemark::positions {

struct RoundReport;

// The Prometheus metrics of the spec for positions rounds, accumulated over the rounds of this process and,
// through the textfile, over the runs of the timer (MetricsTextfile).
class ThinningMetrics {
  public:
    ThinningMetrics();
    ThinningMetrics(const ThinningMetrics&) = delete;
    ThinningMetrics& operator=(const ThinningMetrics&) = delete;

    void record(const RoundReport& report);
    MetricsTextfile& textfile() { return m_file; }

  private:
    MetricsTextfile m_file;
    MetricsTextfile::Counter& m_deletedByAge;
    MetricsTextfile::Counter& m_scanned;
    MetricsTextfile::Counter& m_thinDeleted;
    MetricsTextfile::Counter& m_failedMowers;
    MetricsTextfile::Counter& m_interrupted;
    MetricsTextfile::Counter& m_clockOverrides;
    MetricsTextfile::Histogram& m_deleteSeconds;
    MetricsTextfile::Histogram& m_thinSeconds;
};

} // namespace tidemark::positions
