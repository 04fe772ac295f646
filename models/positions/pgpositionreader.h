#pragma once

#include "positionrow.h"

#include <QUuid>
#include <vector>

namespace tidemark {
class PgConnection;
}

namespace tidemark::positions {

// Reads mower_positions and the error instants of mower_history into MowerTracks, in binary form
// (no text parsing per value).
class PgPositionReader {
public:
    explicit PgPositionReader(PgConnection& db);

    // The rows of one mower with from <= observed_at < to, in time order, and its error instants there.
    MowerTrack read(const QUuid& mowerId, Micros from, Micros to);
    // Every mower that has positions, in id order (a skip scan of the primary key).
    std::vector<QUuid> listMowers();

private:
    PgConnection& m_db;
};

} // namespace tidemark::positions
