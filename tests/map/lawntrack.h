#pragma once

#include "trackpoints.h"

#include <QRandomGenerator>
#include <cmath>
#include <memory>

namespace tidemark::test {

// A synthetic mowing track for map tests and the benchmark: back-and-forth lanes over a rectangular lawn,
// repeated pass after pass with a little GPS noise, 1 Hz steps. Classes (drawn in this order, kept on top):
// 0 removed, 1 kept by bin (every 10th row), 2 kept by turn (lane ends).
struct LawnTrack {
    double centreLatitude = 52.3702;
    double centreLongitude = 4.8952;
    double widthMetres = 60;
    double heightMetres = 40;
    double laneMetres = 0.22;
    double stepMetres = 0.35;
    double noiseMetres = 0.03;

    std::shared_ptr<ui::TrackPoints> generate(std::size_t rows, quint32 seed = 7) const {
        auto track = std::make_shared<ui::TrackPoints>();
        track->classes = {{QColor(225, 60, 40), QStringLiteral("removed")},
                          {QColor(30, 160, 70), QStringLiteral("kept by bin")},
                          {QColor(20, 110, 230), QStringLiteral("kept by turn")}};
        track->reserve(rows);
        QRandomGenerator rng(seed);
        const double metresPerDegreeLat = 111320.0;
        const double metresPerDegreeLon =
            metresPerDegreeLat * std::cos(centreLatitude * 3.141592653589793 / 180);
        const int lanes = static_cast<int>(heightMetres / laneMetres);
        const int stepsPerLane = static_cast<int>(widthMetres / stepMetres);
        std::size_t row = 0;
        for (int pass = 0; row < rows; ++pass) {
            const double passShift = (pass % 3) * laneMetres / 3;
            for (int lane = 0; lane < lanes && row < rows; ++lane) {
                const bool eastward = lane % 2 == 0;
                for (int step = 0; step <= stepsPerLane && row < rows; ++step, ++row) {
                    const double along = (eastward ? step : stepsPerLane - step) * stepMetres;
                    const double x = along - widthMetres / 2 + noise(rng);
                    const double y = lane * laneMetres + passShift - heightMetres / 2 + noise(rng);
                    const bool turn = step < 2 || step > stepsPerLane - 2;
                    const std::uint8_t cls = turn ? 2 : (row % 10 == 0 ? 1 : 0);
                    track->append(centreLongitude + x / metresPerDegreeLon,
                                  centreLatitude + y / metresPerDegreeLat, cls);
                }
            }
        }
        return track;
    }

  private:
    double noise(QRandomGenerator& rng) const { return (rng.generateDouble() * 2 - 1) * noiseMetres; }
};

} // namespace tidemark::test
