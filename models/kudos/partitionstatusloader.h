#pragma once

#include "kudossettings.h"
#include "kudosvalues.h"

#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// One range of a kudos table as the workbench and `kudos partitions` show it: a partition (or a sub-range of
// the first one) with its live counts and what retention has done with it.
struct PartitionStatus {
    RetentionDataset dataset = RetentionDataset::Currency;
    QString partition;
    Micros lo = 0;
    Micros hi = 0;
    bool subrange = false;
    bool online = true; // the partition still exists
    qint64 rows = 0;    // live rows in the range (0 once dropped; the catalog's count is in catalogRows)
    qint64 unapplied = 0;
    qint64 quarantined = 0; // statistics only
    std::optional<qint64> catalogRows;
    QString state;         // catalog state; "" = not in the catalog yet
    Micros eligibleAt = 0; // hi + the dataset's window
    QString archiveKey;
    std::optional<qint64> objectBytes;
    QString error;
    bool eligible(Micros now) const { return eligibleAt <= now; }
};

// Everything retention knows about both kudos tables, from the catalog and one counting scan per table
// (grouped by partition and UTC day, then summed into the ranges). Opens nothing: the caller's connection.
class PartitionStatusLoader {
  public:
    PartitionStatusLoader(PgConnection& db, KudosSettings settings);
    // Throws Error(Schema) when the tables are not partitioned yet (the swap has not run).
    std::vector<PartitionStatus> load(TaskFeedback& feedback);
    std::vector<PartitionStatus> load(); // without an operator (the CLI's status)

  private:
    PgConnection& m_db;
    KudosSettings m_settings;
};

} // namespace tidemark::kudos
