#include "thinningmetrics.h"

#include "error.h"
#include "roundreport.h"

#include <QSaveFile>

namespace tidemark::positions {

void ThinningMetrics::Histogram::observe(double seconds) {
    for (std::size_t k = 0; k < kBuckets.size(); ++k)
        if (seconds <= kBuckets[k])
            ++counts[k];
    ++count;
    sum += seconds;
}

void ThinningMetrics::record(const RoundReport& report) {
    if (report.dryRun || report.skippedLocked)
        return;
    m_positionsDeletedByAge += report.ageDeleted;
    m_scanned += report.scanned;
    m_thinDeleted += report.deleted;
    m_failedMowers += static_cast<long long>(report.failures.size());
    m_interrupted += report.interrupted.isEmpty() ? 0 : 1;
    m_clockOverrides += report.clockOverride ? 1 : 0;
    m_deleteSeconds.observe(report.deleteSeconds);
    if (report.slices > 0)
        m_thinSeconds.observe(report.thinSeconds);
}

QString ThinningMetrics::prometheusText() const {
    QString t;
    t += QStringLiteral(
             "# HELP mowdeck_telemetry_retention_rows_deleted_total Rows deleted by the age limit.\n"
             "# TYPE mowdeck_telemetry_retention_rows_deleted_total counter\n"
             "mowdeck_telemetry_retention_rows_deleted_total{table=\"mower_positions\"} %1\n")
             .arg(m_positionsDeletedByAge);
    t += QStringLiteral(
             "# HELP mowdeck_telemetry_position_thinning_rows_scanned_total Rows of thinned slices.\n"
             "# TYPE mowdeck_telemetry_position_thinning_rows_scanned_total counter\n"
             "mowdeck_telemetry_position_thinning_rows_scanned_total %1\n")
             .arg(m_scanned);
    t += QStringLiteral(
             "# HELP mowdeck_telemetry_position_thinning_rows_deleted_total Rows deleted by thinning.\n"
             "# TYPE mowdeck_telemetry_position_thinning_rows_deleted_total counter\n"
             "mowdeck_telemetry_position_thinning_rows_deleted_total %1\n")
             .arg(m_thinDeleted);
    t += QStringLiteral(
             "# HELP tidemark_positions_round_failed_mowers_total Mowers skipped by a round (a bad "
             "row, a moved watermark).\n"
             "# TYPE tidemark_positions_round_failed_mowers_total counter\n"
             "tidemark_positions_round_failed_mowers_total %1\n"
             "# HELP tidemark_positions_round_interrupted_total Rounds stopped by a lock or statement "
             "timeout, a serialization failure or a deadlock.\n"
             "# TYPE tidemark_positions_round_interrupted_total counter\n"
             "tidemark_positions_round_interrupted_total %2\n"
             "# HELP tidemark_positions_round_clock_overrides_total Rounds run with the clock check "
             "overridden.\n"
             "# TYPE tidemark_positions_round_clock_overrides_total counter\n"
             "tidemark_positions_round_clock_overrides_total %3\n")
             .arg(m_failedMowers)
             .arg(m_interrupted)
             .arg(m_clockOverrides);
    t += QStringLiteral(
        "# HELP mowdeck_telemetry_retention_round_seconds Seconds of the retention round steps.\n"
        "# TYPE mowdeck_telemetry_retention_round_seconds histogram\n");
    const auto histogram = [&t](const char* kind, const Histogram& h) {
        for (std::size_t k = 0; k < kBuckets.size(); ++k)
            t +=
                QStringLiteral("mowdeck_telemetry_retention_round_seconds_bucket{kind=\"%1\",le=\"%2\"} %3\n")
                    .arg(QLatin1String(kind))
                    .arg(kBuckets[k])
                    .arg(h.counts[k]);
        t += QStringLiteral("mowdeck_telemetry_retention_round_seconds_bucket{kind=\"%1\",le=\"+Inf\"} %2\n")
                 .arg(QLatin1String(kind))
                 .arg(h.count);
        t += QStringLiteral("mowdeck_telemetry_retention_round_seconds_sum{kind=\"%1\"} %2\n")
                 .arg(QLatin1String(kind))
                 .arg(h.sum, 0, 'g', 10);
        t += QStringLiteral("mowdeck_telemetry_retention_round_seconds_count{kind=\"%1\"} %2\n")
                 .arg(QLatin1String(kind))
                 .arg(h.count);
    };
    histogram("delete", m_deleteSeconds);
    histogram("thin", m_thinSeconds);
    return t;
}

void ThinningMetrics::writeTextfile(const QString& path) const {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(prometheusText().toUtf8()) < 0 || !file.commit())
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot write the metrics file %1: %2").arg(path, file.errorString()));
}

} // namespace tidemark::positions
