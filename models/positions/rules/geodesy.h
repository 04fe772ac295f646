#pragma once

#include <cmath>

namespace tidemark::positions {

// The spec's geometry, written once. The thinning SQL mirrors these expressions operation for operation
// (same order, same constants) so that boundary cases (exactly 1 m, 0.3 m, 25°) agree with PostgreSQL.
constexpr double kEarthRadiusMetres = 6371008.8;
constexpr double kRadiansPerDegree = 0.017453292519943295;

struct PlaneStep {
    double dx = 0; // metres east
    double dy = 0; // metres north
};

// a -> b on the local equirectangular plane at the mean latitude.
inline PlaneStep planeStep(double latA, double lonA, double latB, double lonB) {
    const double phiA = latA * kRadiansPerDegree;
    const double phiB = latB * kRadiansPerDegree;
    const double lambdaA = lonA * kRadiansPerDegree;
    const double lambdaB = lonB * kRadiansPerDegree;
    const double phiM = (phiA + phiB) / 2;
    return {kEarthRadiusMetres * (lambdaB - lambdaA) * std::cos(phiM), kEarthRadiusMetres * (phiB - phiA)};
}

inline double stepDistance(const PlaneStep& s) {
    return std::sqrt(s.dx * s.dx + s.dy * s.dy);
}
inline double stepBearing(const PlaneStep& s) {
    return std::atan2(s.dx, s.dy);
}

inline double distanceMetres(double latA, double lonA, double latB, double lonB) {
    return stepDistance(planeStep(latA, lonA, latB, lonB));
}

// Δ normalised to (−π, π] by Δ − 2π·floor((Δ + π) / 2π).
inline double normaliseAngle(double delta) {
    constexpr double pi = 3.141592653589793;
    return delta - 2 * pi * std::floor((delta + pi) / (2 * pi));
}

} // namespace tidemark::positions
