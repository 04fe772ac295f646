#pragma once

#include "timestamp.h"

#include <QString>
#include <optional>
#include <vector>

namespace tidemark {
class PgConnection;
class TaskFeedback;
} // namespace tidemark

namespace tidemark::kudos {

// One kudos table as the console lists it.
struct KudosTableSummary {
    QString table;
    qint64 rows = 0;
    qint64 bytes = 0;             // table, indexes and TOAST
    std::optional<Micros> oldest; // min(created) for tables that have the column
    std::optional<Micros> newest;
};

// Reads row counts (exact), sizes and the created range of every table of a kudos database (the migrations
// ledger aside), on the caller's connection; table names come from the catalog, quoted. Part of the kudos
// dataset's one load (KudosStatusLoader).
class KudosTableSummaryLoader {
  public:
    explicit KudosTableSummaryLoader(PgConnection& db);

    // Throws tidemark::Error (Failed); returns what it has when cancelled.
    std::vector<KudosTableSummary> load(TaskFeedback& feedback) const;

  private:
    PgConnection& m_db;
};

} // namespace tidemark::kudos
