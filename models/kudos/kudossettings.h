#pragma once

#include "archivereadlimits.h"
#include "timestamp.h"

#include <QString>

namespace tidemark {
class SettingsReader;
}

namespace tidemark::kudos {

// 1970-01-05 was a Monday: the anchor of the weekly partition grid (Monday 00:00 UTC).
constexpr Micros kMondayAnchor = 4 * kMicrosPerDay;

// The KUDOS_* settings of spec/kudos.md (and Tidemark's own TIDEMARK_KUDOS_*), validated on read; the job,
// the swap, the CLI, the console and the privacy disclosure all read this one struct.
struct KudosSettings {
    int partitionDays = 7;              // KUDOS_PARTITION_DAYS: width of a new partition
    int firstPartitionSubrangeDays = 7; // KUDOS_FIRST_PARTITION_SUBRANGE_DAYS
    int partitionsAhead = 4;            // TIDEMARK_KUDOS_PARTITIONS_AHEAD (at least 4)
    int currencyWindowDays = 30;        // KUDOS_RETENTION_CURRENCY_WINDOW_DAYS, never below 30
    int statsWindowDays = 30;           // KUDOS_RETENTION_STATS_WINDOW_DAYS, never below 30
    qint64 currencyBudgetBytes = 0;     // KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES, 0 = no budget
    qint64 statisticsBudgetBytes = 0;   // KUDOS_ARCHIVE_BUDGET_STATISTICS_BYTES, 0 = no budget
    int zstdLevel = 3;                  // TIDEMARK_ARCHIVE_ZSTD_LEVEL, 1-19
    int lockTimeoutSeconds = 5;         // TIDEMARK_KUDOS_LOCK_TIMEOUT_SECONDS
    int drillMaxAgeDays = 35;           // KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS: retention alerts without a drill
    int rehearsalMaxLockMillis = 1000;  // KUDOS_REHEARSAL_MAX_LOCK_MS: the longest lock a rehearsal calls go
    // TIDEMARK_ARCHIVE_MAX_*: how far the job reads an archive object back (verify, drop, adoption).
    archive::ArchiveReadLimits archiveReadLimits;

    // Throws Error(Settings) naming the first bad setting (a window below 30 days among them).
    static KudosSettings read(const SettingsReader& reader);

    Micros currencyWindow() const { return currencyWindowDays * kMicrosPerDay; }
    Micros statsWindow() const { return statsWindowDays * kMicrosPerDay; }
    Micros partitionWidth() const { return partitionDays * kMicrosPerDay; }
    Micros subrangeWidth() const { return firstPartitionSubrangeDays * kMicrosPerDay; }
    Micros drillMaxAge() const { return drillMaxAgeDays * kMicrosPerDay; }
};

// The first Monday 00:00 UTC at least a day after `t`: the upper bound of the first partition at a swap.
Micros firstBoundaryAfter(Micros t);

} // namespace tidemark::kudos
