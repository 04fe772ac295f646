#pragma once

#include "timestamp.h"

#include <QString>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

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
// ledger aside). Opens its own connection on the calling thread; table names come from the catalog, quoted.
class KudosTableSummaryLoader {
  public:
    explicit KudosTableSummaryLoader(QString conninfo);

    // Throws tidemark::Error (Connection, Schema, Failed); returns what it has when cancelled.
    std::vector<KudosTableSummary> load(TaskFeedback* control = nullptr) const;

  private:
    QString m_conninfo;
};

} // namespace tidemark::kudos
