#pragma once

#include "positionsettings.h"
#include "timestamp.h"

#include <QString>
#include <QUuid>
#include <optional>
#include <vector>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::positions {

// One mower as the console lists it (the Positions dock and the workbench show the same rows): what it has
// stored, how far thinning has gone, and what the next rounds would thin.
struct MowerSummary {
    QUuid mowerId;
    qint64 rows = 0;
    Micros oldest = 0;
    Micros newest = 0;
    std::optional<Micros> watermark; // thinned until, when a round has run
    qint64 slicesPending = 0;   // what the next rounds thin: from the watermark (or oldest row) to the cutoff
    bool rowsEstimated = false; // rows is an estimate; exactRows() counts one mower
};

// Reads the per-mower summary of a positions database without reading the whole table (ThinningStatus: a
// skip scan and index probes, row counts estimated). Opens its own connection on the calling thread (a task),
// checks the schema first so a wrong database is named, and returns plain values.
class MowerSummaryLoader {
  public:
    explicit MowerSummaryLoader(QString conninfo);

    // `now` and `settings` decide the cutoff of the eligible rows. Throws tidemark::Error (Connection,
    // Schema, Failed); returns an empty list when cancelled.
    // *citusNodes gets the nodes of the Citus cluster the tables are distributed on (0 on one server).
    std::vector<MowerSummary> load(const PositionSettings& settings, Micros now, TaskFeedback& feedback,
                                   int* citusNodes = nullptr) const;
    // The exact row count of one mower (reads that mower's rows through the index).
    qint64 exactRows(const QUuid& mowerId) const;
    // Bound of the block sample that estimates rows; a table under it is counted exactly.
    void setSampleRows(qint64 rows) { m_sampleRows = rows; }

  private:
    QString m_conninfo;
    qint64 m_sampleRows;
};

} // namespace tidemark::positions
