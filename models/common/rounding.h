#pragma once

#include <cmath>

namespace tidemark {

// `value` rounded to `decimals` decimal places for a report (JSON, metrics); a value too large to round
// stays as it is.
inline double roundedTo(double value, int decimals) {
    const double scale = std::pow(10.0, decimals);
    const double r = std::round(value * scale) / scale;
    return std::isfinite(r) ? r : value;
}

} // namespace tidemark
