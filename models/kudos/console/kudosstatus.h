#pragma once

#include "kudostablesummaryloader.h"
#include "partitionstatusloader.h"
#include "retentionreport.h"

#include <QString>
#include <optional>
#include <vector>

namespace tidemark::kudos {

// The bytes one archive tier ("currency/", "statistics/") takes against its budget (0 = no budget).
struct ArchiveTierUse {
    RetentionDataset dataset = RetentionDataset::Currency;
    qint64 usedBytes = -1; // -1 when the archive could not be read
    qint64 budgetBytes = 0;
};

// A quarantined statistic event: moved to kudos_stat_quarantine by a rollup, or still online in its
// partition. `where` names the table (or partition) that holds it now.
struct QuarantineRow {
    qint64 id = 0;
    Micros created = 0;
    std::optional<int> userId;
    std::optional<int> workerUserId;
    QString statAction;
    qint64 amountCents = 0;
    QString unit;
    QString reason;
    QString where;
    bool online = false;
};

// What the kudos dataset holds after its one load: every table (the dock's summary), both tables' ranges,
// the incidents, the archive tiers and the quarantine (the workbench). Made on a task's thread, read on the
// GUI thread.
struct KudosStatus {
    QString database; // the server's current_database()
    std::vector<KudosTableSummary> tables;
    // Why there are no ranges (the tables are not partitioned yet: the swap has not run); "" when there are.
    QString partitionProblem;
    std::vector<PartitionStatus> partitions;
    std::vector<RetentionIncident> incidents;
    std::vector<ArchiveTierUse> tiers;
    QString archive;        // the store as it describes itself ("" when it did not open)
    QString archiveProblem; // why the archive cannot be used now; "" when it answered
    std::vector<QuarantineRow> quarantine;
};

} // namespace tidemark::kudos
