#pragma once

#include "positionrow.h"

#include <QUuid>

namespace tidemark {
class PgConnection;
}

namespace tidemark::positions {

// Loads one mower's rows of a range for the console's preview by binary COPY (one stream, no per-row
// result handling), several times faster than PgPositionReader's row-set fetch on large ranges. The range
// travels as session settings set by a parameterised statement, so the COPY text never carries a value.
class PreviewLoader {
  public:
    explicit PreviewLoader(PgConnection& db);

    // The rows with from <= observed_at < to in time order and the mower's error instants there.
    MowerTrack load(const QUuid& mowerId, Micros from, Micros to);

  private:
    PgConnection& m_db;
};

} // namespace tidemark::positions
