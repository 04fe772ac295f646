#pragma once

#include <QString>
#include <array>
#include <deque>
#include <optional>
#include <vector>

namespace tidemark {

// The metrics of one headless run (a round, a retention job) in Prometheus's text exposition format, for the
// node exporter's textfile collector. A timer starts a new process for every run, so accumulateIntoTextfile()
// adds the previous run's file to this run's figures: counters and histograms only grow, as increase() and
// rate() need. Gauges of the last run's end, exit code and last success (PREFIX_last_run_timestamp_seconds,
// PREFIX_last_exit_code, PREFIX_last_success_timestamp_seconds) let an alert fire when runs stop.
class MetricsTextfile {
  public:
    // Buckets for durations in seconds, from a tenth of a second to an hour.
    static constexpr std::array<double, 9> kSecondsBuckets = {0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600};

    struct Counter {
        QString name;   // the family, e.g. mowdeck_telemetry_retention_rows_deleted_total
        QString labels; // e.g. table="mower_positions", or empty
        long long value = 0;
    };
    struct Histogram {
        QString name;
        QString labels; // e.g. kind="thin", or empty
        std::vector<double> buckets;
        std::vector<long long> counts; // cumulative, one per bucket
        long long count = 0;
        double sum = 0;
        void observe(double value);
    };

    // runPrefix names the last-run gauges; whatRuns ("round", "retention run") is said in their help.
    MetricsTextfile(QString runPrefix, QString whatRuns);
    const QString& whatRuns() const { return m_whatRuns; }

    // Declares a family's help (and the order of the families in the file); then its series are added.
    Counter& counter(const QString& name, const QString& help, const QString& labels = {});
    Histogram& histogram(const QString& name, const QString& help, const QString& labels,
                         std::vector<double> buckets = {kSecondsBuckets.begin(), kSecondsBuckets.end()});

    // The run that writes the file: when it ended (seconds since the epoch) and its exit code. An exit code
    // of 0 also sets the last success time; otherwise the previous file's is kept.
    void setLastRun(double unixSeconds, int exitCode);
    QString prometheusText() const;
    void writeTextfile(const QString& path) const;
    // Under the lock file PATH.lock: adds PATH's figures when it exists, then replaces PATH atomically.
    void accumulateIntoTextfile(const QString& path);
    // The same for a run whose work is recorded by then: a file that cannot be written does not change the
    // run's outcome, so instead of throwing it returns the warning a front end shows ("the round ran but its
    // metrics were not written to PATH (ORIGIN): why; give this user write access to FOLDER or choose
    // another file"; `origin`, what named the path, is left out when empty). Empty when written.
    QString accumulateIntoTextfileOrWarning(const QString& path, const QString& origin = {});

  private:
    struct Family {
        QString name;
        QString help;
        bool histogram = false;
    };
    void declare(const QString& name, const QString& help, bool histogram);
    // Adds the counters, histograms and last success time of a text prometheusText() made (lines it does not
    // know are skipped). Throws Error(Failed) naming `source` and the line of a value that is not a number.
    void addPrevious(const QString& text, const QString& source);
    static QString series(const QString& name, const QString& labels);

    QString m_runPrefix;
    QString m_whatRuns;
    std::vector<Family> m_families;
    std::deque<Counter> m_counters; // deque: the references handed out stay valid
    std::deque<Histogram> m_histograms;
    std::optional<double> m_lastRunSeconds;
    int m_lastExitCode = 0;
    std::optional<double> m_lastSuccessSeconds;
};

} // namespace tidemark
