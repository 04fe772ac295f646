#pragma once

#include <QString>
#include <array>
#include <optional>
#include <vector>

namespace tidemark::positions {

struct RoundReport;

// The Prometheus metrics of the spec, accumulated over the rounds of this process, in the text exposition
// format; writeTextfile() replaces a node_exporter textfile-collector file atomically. A timer starts a new
// process every hour, so accumulateIntoTextfile() adds the previous run's file to this process's figures:
// the counters and histograms then only grow, as Prometheus's increase() and rate() need.
class ThinningMetrics {
  public:
    static constexpr std::array<double, 9> kBuckets = {0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600};

    void record(const RoundReport& report);
    // The run that writes the file: when it ended (wall clock, seconds since the epoch) and its exit code.
    // An exit code of 0 also sets the last success time; otherwise the previous file's is kept.
    void setLastRun(double unixSeconds, int exitCode);
    // Adds the counters, histograms and last success time of a text prometheusText() made (lines it does not
    // know are skipped). Throws Error(Failed) naming `source` and the line of a value that is not a number.
    void addPrevious(const QString& text, const QString& source);
    QString prometheusText() const;
    void writeTextfile(const QString& path) const;
    // Under the lock file PATH.lock: adds PATH's figures when it exists, then writes PATH atomically.
    void accumulateIntoTextfile(const QString& path);

  private:
    struct Histogram {
        std::array<long long, kBuckets.size()> counts{};
        long long count = 0;
        double sum = 0;
        void observe(double seconds);
    };
    long long m_positionsDeletedByAge = 0;
    long long m_scanned = 0;
    long long m_thinDeleted = 0;
    long long m_failedMowers = 0;
    long long m_interrupted = 0;
    long long m_clockOverrides = 0;
    Histogram m_deleteSeconds;
    Histogram m_thinSeconds;
    std::optional<double> m_lastRunSeconds;
    int m_lastExitCode = 0;
    std::optional<double> m_lastSuccessSeconds;

    struct Series {
        QString name;
        long long* count = nullptr; // a counter or bucket, else
        double* sum = nullptr;      // a histogram's sum
    };
    std::vector<Series> accumulatingSeries();
};

} // namespace tidemark::positions
