#pragma once

#include "positionsettings.h"
#include "roundreport.h"

#include <QMetaType>
#include <QString>
#include <QUuid>
#include <functional>
#include <optional>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::positions {

// What the operator starts from the console's Rounds area.
struct RoundRequest {
    QString conninfo;
    PositionSettings settings;
    Micros now = 0;
    bool dryRun = false;
    bool ignoreWindow = false;
    std::optional<int> budgetSeconds;
    bool recordHistory = true; // append the report to tidemark_round_history
    int jobs = 1;              // thinning workers, each on its own connection
};

// Where a running round stands after a slice.
struct RoundProgress {
    QUuid mowerId;
    long long sliceOfMower = 0; // 1-based
    long long slicesOfMower = 0;
    long long slicesDone = 0; // over the round
    long long slicesTotal = 0;
    bool dryRun = false;
    long long scanned = 0;      // rows, over the round so far
    long long deleted = 0;      // over the round so far; in a dry run, what it would delete
    long long sliceScanned = 0; // rows of the latest slice
    long long sliceDeleted = 0;
    double elapsedSeconds = 0;
    double secondsLeft = -1;   // estimate from the pace so far; -1 before the first slice
    double pausedSeconds = -1; // while paused: how long the round has held its lock paused; else -1
};

// A ThinningRound as a task: opens its own connection, runs the round with the operator's TaskFeedback
// (pause, resume and cancel take effect between slices), reports each slice as TaskProgress whose detail is
// the RoundProgress (elapsed time and an estimate of the time left added to the round's own counts), and
// records the report in the round history. Throws tidemark::Error.
class RoundJob {
  public:
    static RoundReport run(const RoundRequest& request, TaskFeedback& control);
};

} // namespace tidemark::positions

Q_DECLARE_METATYPE(tidemark::positions::RoundProgress)
