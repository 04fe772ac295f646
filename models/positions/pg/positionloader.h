#pragma once

#include "positionrow.h"

#include <QUuid>
#include <optional>
#include <vector>

namespace tidemark {
class PgConnection;
}

namespace tidemark::positions {

// Loads mower_positions and the error instants of mower_history into MowerTracks by binary COPY through
// PgConnection (one stream, no per-value text parsing). The range travels as session settings set by a
// parameterised statement, so the COPY text never carries a value.
class PositionLoader {
  public:
    explicit PositionLoader(PgConnection& db);

    // The rows of one mower with from <= observed_at < to in time order, and its error instants there.
    MowerTrack load(const QUuid& mowerId, Micros from, Micros to);
    // The mower's oldest row and its thinning watermark; nullopt when it has none.
    std::optional<Micros> oldest(const QUuid& mowerId);
    // The mower's first row with from <= observed_at < to (an index probe); nullopt when there is none.
    std::optional<Micros> nextRow(const QUuid& mowerId, Micros from, Micros to);
    std::optional<Micros> watermark(const QUuid& mowerId);
    // Every mower that has positions, in id order (a skip scan of the primary key).
    std::vector<QUuid> listMowers();

  private:
    PgConnection& m_db;
};

} // namespace tidemark::positions
