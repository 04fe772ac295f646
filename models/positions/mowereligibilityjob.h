#pragma once

#include "mowereligibilitymodel.h"
#include "positionsettings.h"

namespace tidemark {
class JobControl;
}

namespace tidemark::positions {

// Reads the per-mower figures of MowerEligibilityModel in one pass over mower_positions (its own connection,
// for a background job). Throws tidemark::Error.
class MowerEligibilityJob {
  public:
    static std::vector<MowerEligibility> run(const QString& conninfo, const PositionSettings& settings,
                                             Micros now, JobControl* control = nullptr);
};

} // namespace tidemark::positions
