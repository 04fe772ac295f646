#pragma once

#include "common/timestamp.h"

#include <QString>
#include <optional>
#include <vector>

namespace tidemark {
class JobControl;
}

namespace tidemark::positions {

// What the console lists per mower: how much it has stored and how far thinning has gone.
struct MowerSummary {
    QString mowerId; // uuid text
    qint64 rows = 0;
    Micros oldest = 0;
    Micros newest = 0;
    std::optional<Micros> thinnedUntil; // the watermark, when a round has run
};

// Reads the per-mower summary of a positions database. Opens its own connection on the calling thread (a
// background job), checks the schema first so a wrong database is named, and returns plain values.
class MowerSummaryLoader {
  public:
    explicit MowerSummaryLoader(QString conninfo);

    // Throws tidemark::Error (Connection, Schema, Failed); returns an empty list when cancelled.
    std::vector<MowerSummary> load(JobControl* control = nullptr) const;

  private:
    QString m_conninfo;
};

} // namespace tidemark::positions
