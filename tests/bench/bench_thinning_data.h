#pragma once

#include "geodesy.h"
#include "positionrow.h"
#include "positionsettings.h"

#include <cmath>
#include <random>

namespace tidemark::bench {

// A deterministic lawn: 1 Hz mowing in lanes (0.35 m steps, lanes 0.22 m apart, 60 m long, blades on) for
// `jobHours` a day, then docked: standing jitter (σ 3 cm) every 10 s for the rest of the day.
inline positions::MowerTrack lawnTrack(int mowerIndex, Micros from, int days, double jobHours = 8) {
    using namespace tidemark::positions;
    MowerTrack track;
    track.mowerId =
        QUuid(QStringLiteral("00000000-0000-4000-8000-%1").arg(mowerIndex + 1, 12, 10, QLatin1Char('0')));
    std::mt19937_64 rng(1234 + mowerIndex);
    std::normal_distribution<double> jitter(0, 0.03);
    const double lat0 = 47.0 + mowerIndex * 0.01, lon0 = 8.0;
    const double metresPerDegLat = 111195.0, metresPerDegLon = 111195.0 * std::cos(lat0 * kRadiansPerDegree);
    const auto push = [&](Micros t, double north, double east, bool blades) {
        PositionRow r;
        r.observedAt = t;
        r.lat = lat0 + north / metresPerDegLat;
        r.lon = lon0 + east / metresPerDegLon;
        r.bladesOn = blades;
        r.rtkFix = 2;
        r.wifiRssi = static_cast<std::int16_t>(-50 - static_cast<int>(east) % 20);
        track.rows.push_back(r);
    };
    for (int d = 0; d < days; ++d) {
        const Micros dayStart = from + d * kMicrosPerDay;
        const Micros jobEnd = dayStart + static_cast<Micros>(jobHours * kMicrosPerHour);
        double north = 0, east = 0;
        int lane = 0;
        int step = 0;
        for (Micros t = dayStart; t < jobEnd; t += kMicrosPerSecond) {
            push(t, north + jitter(rng) * 0.1, east + jitter(rng) * 0.1, true);
            if (++step % 172 == 0) {
                ++lane;
                east += 0.22;
            } else {
                north += (lane % 2 == 0) ? 0.35 : -0.35;
            }
        }
        for (Micros t = jobEnd; t < dayStart + kMicrosPerDay; t += 10 * kMicrosPerSecond)
            push(t, -2 + jitter(rng), -2 + jitter(rng), false);
        if (d % 3 == 0)
            track.errorInstants.push_back(jobEnd - 60 * kMicrosPerSecond);
    }
    return track;
}

} // namespace tidemark::bench
