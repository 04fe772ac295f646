#pragma once

#include "kudosvalues.h"
#include "metricstextfile.h"

#include <map>
#include <utility>

namespace tidemark::kudos {

struct RetentionReport;

// The metrics of `kudos retain` runs for the node exporter's textfile collector: steps by dataset and the
// state they reached, rows dropped, archived bytes, alerts and incidents, and the seconds of each step; with
// the last run's gauges (tidemark_kudos_retain_last_*). They accumulate across the timer's runs
// (MetricsTextfile).
class RetentionMetrics {
  public:
    RetentionMetrics();
    RetentionMetrics(const RetentionMetrics&) = delete;
    RetentionMetrics& operator=(const RetentionMetrics&) = delete;

    // A dry run or a run that found the lock taken adds nothing.
    void record(const RetentionReport& report, bool dryRun);
    MetricsTextfile& textfile() { return m_file; }

  private:
    MetricsTextfile m_file;
    std::map<std::pair<RetentionDataset, QString>, MetricsTextfile::Counter*> m_steps; // by the state reached
    std::map<RetentionDataset, MetricsTextfile::Counter*> m_rowsDropped, m_archivedBytes, m_alerts,
        m_incidents;
    MetricsTextfile::Counter* m_clockOverrides = nullptr;
    std::map<RetentionDataset, MetricsTextfile::Histogram*> m_stepSeconds;
};

} // namespace tidemark::kudos
