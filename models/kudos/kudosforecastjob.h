#pragma once

#include "kudosforecast.h"

#include <QString>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// The kudos forecast as `tidemark-cli forecast kudos` and the kudos workbench start it.
struct KudosForecastRequest {
    QString conninfo;
    QString archiveUrl; // required: the tiers are measured on its manifests
    KudosSettings settings;
    Micros now = 0;
};

// Reads, and writes nothing: on its own connection, in one REPEATABLE READ READ ONLY transaction, the catalog
// as the retention job's housekeeping would leave it, both tables' ranges with their live counts
// (PartitionStatusLoader), the partitions' and the rollups' sizes, the rollup rows per source, and for each
// eligible pending statistic range the rows its rollup would write; then the archive's listing of both
// tiers with each manifest read through the bounded listing (never a data object), and each tier's use as
// the budget check counts it. The archive is opened as every command opens it (openArchiveStore): one
// without its marker is refused, nothing is created. Progress per stage and per manifest; a cancel returns a
// report with `cancelled` set and nothing else. The clock is not refused when ahead of the server's (nothing
// is decided): the report warns. Throws tidemark::Error (Usage without an archive, Schema before the swap,
// Refused for an archive without its marker).
class KudosForecastJob {
  public:
    static KudosForecast run(const KudosForecastRequest& request, TaskFeedback& feedback);
    // The facts alone (the job without KudosForecast::compute), for tests and benchmarks.
    static KudosForecastFacts measure(const KudosForecastRequest& request, TaskFeedback& feedback,
                                      bool* cancelled);
};

} // namespace tidemark::kudos
