#include "tracksretentionmetrics.h"

#include "tracksretention.h"

#include <algorithm>

namespace tidemark::tracks {

TracksRetentionMetrics::TracksRetentionMetrics()
    : m_file(QStringLiteral("tidemark_tracks_retain"), QStringLiteral("retention run")),
      m_deleted(m_file.counter(QStringLiteral("tidemark_tracks_retention_tracks_deleted_total"),
                               QStringLiteral("Tracks deleted by the retention limit."))),
      m_freedBytes(m_file.counter(QStringLiteral("tidemark_tracks_retention_freed_bytes_total"),
                                  QStringLiteral("Bytes the tracks file (with its WAL) shrank by."))),
      m_inconsistentIndex(m_file.counter(QStringLiteral("tidemark_tracks_retention_index_inconsistent_total"),
                                         QStringLiteral("Runs that found the spatial index inconsistent."))),
      m_clockOverrides(m_file.counter(QStringLiteral("tidemark_tracks_retention_clock_overrides_total"),
                                      QStringLiteral("Runs that went ahead with a clock ahead "
                                                     "(--allow-clock-ahead)."))),
      m_seconds(m_file.histogram(QStringLiteral("tidemark_tracks_retention_seconds"),
                                 QStringLiteral("Seconds of a retention run (delete, vacuum, index check)."),
                                 {})) {}

void TracksRetentionMetrics::record(const TracksRetentionReport& report, double seconds,
                                    bool clockOverridden) {
    m_deleted.value += static_cast<long long>(report.deleted.size());
    m_freedBytes.value += std::max<long long>(0, report.freedBytes());
    m_inconsistentIndex.value += report.spatialIndexValid ? 0 : 1;
    m_clockOverrides.value += clockOverridden ? 1 : 0;
    m_seconds.observe(seconds);
}

} // namespace tidemark::tracks
