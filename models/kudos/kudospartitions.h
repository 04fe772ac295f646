#pragma once

#include "kudossettings.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace tidemark {
class PgConnection;
}

namespace tidemark::kudos {

// One range partition of kudos_ledger or kudos_stat_events: [lo, hi) on `created` (UTC).
struct KudosPartition {
    QString table;            // the partitioned parent, e.g. kudos_ledger
    QString name;             // e.g. kudos_ledger_p20261207, kudos_ledger_initial
    std::optional<Micros> lo; // std::nullopt = MINVALUE (the first partition, the old heap)
    Micros hi = 0;

    bool operator==(const KudosPartition&) const = default;
};

// The two tables the swap partitions, in the order everything handles them.
const QStringList& kudosPartitionedTables();

// kudos_ledger_pYYYYMMDD (the date of lo, UTC) and kudos_ledger_initial.
QString weeklyPartitionName(const QString& table, Micros lo);
QString initialPartitionName(const QString& table);

// A `timestamp` literal for DDL (which takes no parameters): '2026-12-07 00:00:00[.ffffff]'.
QString sqlTimestampLiteral(Micros t);

// CREATE TABLE <name> PARTITION OF <table> FOR VALUES FROM (lo) TO (hi).
QString createPartitionSql(const KudosPartition& partition);

// True when `table` is a partitioned table; false for a plain heap; Error(Schema) naming it when absent.
bool isPartitioned(PgConnection& db, const QString& table);

// The partitions of `table` ordered by lo (MINVALUE first), bounds read from the catalog; empty when the
// table is not partitioned.
std::vector<KudosPartition> listPartitions(PgConnection& db, const QString& table);

// The partitions of both tables (kudosPartitionedTables() order), each ordered by lo.
std::vector<KudosPartition> listAllPartitions(PgConnection& db);

// Pure: the partitions to add after `newestHi` so that the newest upper bound reaches
// now + settings.partitionsAhead * width, on the grid of settings.partitionWidth() counted from Monday
// 1970-01-05 00:00 UTC (a first one ends at the next grid point when newestHi is off the grid).
std::vector<KudosPartition> partitionsNeeded(const QString& table, Micros newestHi,
                                             const KudosSettings& settings, Micros now);

// Creates the missing partitions ahead of `now` for both tables (each table in its own transaction under an
// advisory lock, with lock_timeout = settings.lockTimeoutSeconds and a few retries on a lock timeout), and
// returns the names created; empty when nothing was missing. Tables that are not partitioned yet are skipped.
QStringList ensurePartitionsAhead(PgConnection& db, const KudosSettings& settings, Micros now);

} // namespace tidemark::kudos
