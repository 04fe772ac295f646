#include "kudossettings.h"

#include "settingsreader.h"

namespace tidemark::kudos {

KudosSettings KudosSettings::read(const SettingsReader& r) {
    KudosSettings s;
    const auto window = [](int v) { return v >= 30 && v <= 100000; };
    const auto days = [](int v) { return v >= 1 && v <= 366; };
    const auto budget = [](long long v) { return v >= 0; };
    s.partitionDays =
        r.integer32(QStringLiteral("KUDOS_PARTITION_DAYS"), 7, days, QStringLiteral("must be 1-366 days"));
    s.firstPartitionSubrangeDays = r.integer32(QStringLiteral("KUDOS_FIRST_PARTITION_SUBRANGE_DAYS"), 7, days,
                                               QStringLiteral("must be 1-366 days"));
    s.partitionsAhead = r.integer32(
        QStringLiteral("TIDEMARK_KUDOS_PARTITIONS_AHEAD"), 4, [](int v) { return v >= 4 && v <= 520; },
        QStringLiteral("must be at least 4 partitions"));
    s.currencyWindowDays =
        r.integer32(QStringLiteral("KUDOS_RETENTION_CURRENCY_WINDOW_DAYS"), 30, window,
                    QStringLiteral("must be at least 30 days (the online window is never shorter)"));
    s.statsWindowDays =
        r.integer32(QStringLiteral("KUDOS_RETENTION_STATS_WINDOW_DAYS"), 30, window,
                    QStringLiteral("must be at least 30 days (the online window is never shorter)"));
    s.currencyBudgetBytes = r.integer(QStringLiteral("KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES"), 0, budget,
                                      QStringLiteral("must be a byte count (0 = no budget)"));
    s.statisticsBudgetBytes = r.integer(QStringLiteral("KUDOS_ARCHIVE_BUDGET_STATISTICS_BYTES"), 0, budget,
                                        QStringLiteral("must be a byte count (0 = no budget)"));
    s.zstdLevel = r.integer32(
        QStringLiteral("TIDEMARK_ARCHIVE_ZSTD_LEVEL"), 3, [](int v) { return v >= 1 && v <= 19; },
        QStringLiteral("must be a zstd level 1-19"));
    s.lockTimeoutSeconds = r.integer32(
        QStringLiteral("TIDEMARK_KUDOS_LOCK_TIMEOUT_SECONDS"), 5, [](int v) { return v > 0 && v <= 3600; },
        QStringLiteral("must be 1-3600 seconds"));
    s.drillMaxAgeDays = r.integer32(QStringLiteral("KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS"), 35, days,
                                    QStringLiteral("must be 1-366 days"));
    s.rehearsalMaxLockMillis = r.integer32(
        QStringLiteral("KUDOS_REHEARSAL_MAX_LOCK_MS"), 1000, [](int v) { return v > 0 && v <= 3600000; },
        QStringLiteral("must be 1-3600000 milliseconds"));
    s.archiveReadLimits = archive::ArchiveReadLimits::read(r);
    return s;
}

Micros firstBoundaryAfter(Micros t) {
    const Micros week = 7 * kMicrosPerDay;
    const Micros monday = floorToStep(t + kMicrosPerDay, week, kMondayAnchor);
    return monday < t + kMicrosPerDay ? monday + week : monday;
}

} // namespace tidemark::kudos
