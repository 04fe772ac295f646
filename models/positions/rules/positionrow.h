#pragma once

#include "timestamp.h"

#include <QUuid>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace tidemark::positions {

// One row of mower_positions without its mower id (rows are kept per mower). NULLs: rtkFix -1,
// RSSI kNoRssi, speed NaN.
struct PositionRow {
    static constexpr std::int16_t kNoRssi = std::numeric_limits<std::int16_t>::min();

    Micros observedAt = 0;
    double lat = 0;
    double lon = 0;
    bool bladesOn = false;
    std::int8_t rtkFix = -1;
    std::int16_t wifiRssi = kNoRssi;
    std::int16_t mnetRssi = kNoRssi;
    float speedMps = std::numeric_limits<float>::quiet_NaN();

    bool hasRtkFix() const { return rtkFix >= 0; }
    // A NaN or infinite coordinate makes every distance and bearing through the row meaningless (and
    // PostgreSQL orders NaN above every number where C++ compares false): no rule may judge such a row.
    bool hasFinitePosition() const { return std::isfinite(lat) && std::isfinite(lon); }
    bool hasWifi() const { return wifiRssi != kNoRssi; }
    bool hasMnet() const { return mnetRssi != kNoRssi; }
};

// The rows of one mower in time order, and the instants of its mower_history rows with an error code.
struct MowerTrack {
    QUuid mowerId;
    std::vector<PositionRow> rows;     // strictly increasing observedAt
    std::vector<Micros> errorInstants; // sorted, unique
};

} // namespace tidemark::positions
