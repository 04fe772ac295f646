#include "thinningmetrics.h"

#include "roundreport.h"

namespace tidemark::positions {

namespace {
const QString kRoundSeconds = QStringLiteral("mowdeck_telemetry_retention_round_seconds");
const QString kRoundSecondsHelp = QStringLiteral("Seconds of the retention round steps.");
} // namespace

ThinningMetrics::ThinningMetrics()
    : m_file(QStringLiteral("tidemark_positions_round"), QStringLiteral("round")),
      m_deletedByAge(m_file.counter(QStringLiteral("mowdeck_telemetry_retention_rows_deleted_total"),
                                    QStringLiteral("Rows deleted by the age limit."),
                                    QStringLiteral("table=\"mower_positions\""))),
      m_scanned(m_file.counter(QStringLiteral("mowdeck_telemetry_position_thinning_rows_scanned_total"),
                               QStringLiteral("Rows of thinned slices."))),
      m_thinDeleted(m_file.counter(QStringLiteral("mowdeck_telemetry_position_thinning_rows_deleted_total"),
                                   QStringLiteral("Rows deleted by thinning."))),
      m_failedMowers(
          m_file.counter(QStringLiteral("tidemark_positions_round_failed_mowers_total"),
                         QStringLiteral("Mowers skipped by a round (a bad row, a moved watermark)."))),
      m_interrupted(m_file.counter(QStringLiteral("tidemark_positions_round_interrupted_total"),
                                   QStringLiteral("Rounds stopped by a lock or statement timeout, a "
                                                  "serialization failure or a deadlock."))),
      m_clockOverrides(m_file.counter(QStringLiteral("tidemark_positions_round_clock_overrides_total"),
                                      QStringLiteral("Rounds run with the clock check overridden."))),
      m_deleteSeconds(m_file.histogram(kRoundSeconds, kRoundSecondsHelp, QStringLiteral("kind=\"delete\""))),
      m_thinSeconds(m_file.histogram(kRoundSeconds, kRoundSecondsHelp, QStringLiteral("kind=\"thin\""))) {}

void ThinningMetrics::record(const RoundReport& report) {
    if (report.dryRun || report.skippedLocked)
        return;
    m_deletedByAge.value += report.ageDeleted;
    m_scanned.value += report.scanned;
    m_thinDeleted.value += report.deleted;
    m_failedMowers.value += static_cast<long long>(report.failures.size());
    m_interrupted.value += report.interrupted.isEmpty() ? 0 : 1;
    m_clockOverrides.value += report.clockOverride ? 1 : 0;
    m_deleteSeconds.observe(report.deleteSeconds);
    if (report.slices > 0)
        m_thinSeconds.observe(report.thinSeconds);
}

} // namespace tidemark::positions
