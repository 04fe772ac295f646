#pragma once

#include "kudossettings.h"
#include "retentionjob.h"

#include <QString>

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::kudos {

// What the operator starts from the kudos workbench: a whole round, or one action (one entry one state on).
struct KudosRoundRequest {
    QString conninfo;
    QString archiveUrl; // "" or a store that does not open: the job runs without it and says why
    KudosSettings settings;
    Micros now = 0;
    bool allowClockAhead = false; // RetentionOptions::allowClockAhead
    bool oneStep = false;
};

// The RetentionJob as a task: opens its own connection and the archive store, runs step() or run() with the
// task's TaskFeedback (pause, resume and cancel take effect between actions) and reports a TaskProgress
// before every action (the job's own) and at the end. Throws tidemark::Error.
class KudosRoundJob {
  public:
    static RetentionReport run(const KudosRoundRequest& request, TaskFeedback& control);
};

} // namespace tidemark::kudos
