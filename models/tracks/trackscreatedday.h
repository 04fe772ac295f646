#pragma once

#include "timestamp.h"

#include <QtGlobal>

namespace tidemark::tracks {

// The tracks created on one UTC day (by created_at): the history of a store's imports.
struct TracksCreatedDay {
    Micros day = 0; // the day's midnight, UTC
    qint64 tracks = 0;
    bool operator==(const TracksCreatedDay& other) const = default;
};

} // namespace tidemark::tracks
