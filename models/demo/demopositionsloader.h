#pragma once

#include "positionsgenerator.h"

namespace tidemark {
class TaskFeedback;
class PgConnection;
} // namespace tidemark

namespace tidemark::demo {

// Copies the generated mowers into a migrated positions database (mower_positions, mower_history), one COPY
// per mower. Returns the number of position rows; throws Error(Failed) when cancelled.
class DemoPositionsLoader {
  public:
    DemoPositionsLoader(PgConnection& connection, PositionsGeneratorOptions options);
    qint64 load(TaskFeedback& feedback);
    qint64 load(); // without an operator (tests)
    qint64 historyRows() const { return m_historyRows; }

  private:
    PgConnection& m_connection;
    PositionsGeneratorOptions m_options;
    qint64 m_historyRows = 0;
};

} // namespace tidemark::demo
