#pragma once

#include <QString>
#include <array>

namespace tidemark::positions {

struct RoundReport;

// The Prometheus metrics of the spec, accumulated over the rounds of this process, in the text exposition
// format; writeTextfile() replaces a node_exporter textfile-collector file atomically.
class ThinningMetrics {
  public:
    static constexpr std::array<double, 9> kBuckets = {0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600};

    void record(const RoundReport& report);
    QString prometheusText() const;
    void writeTextfile(const QString& path) const;

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
};

} // namespace tidemark::positions
