#pragma once

#include "kudossettings.h"
#include "partitionswapreport.h"

#include <functional>

namespace tidemark {
class PgConnection;
class TaskFeedback;
} // namespace tidemark

namespace tidemark::kudos {

struct SwapOptions {
    int stopAfterPhase = 4; // test hook: stop (as if the process died) once this phase is done
};

// The kudos partition swap (spec/kudos.md, "The partition swap"): kudos_ledger and kudos_stat_events become
// range-partitioned by created, the old heaps their first partitions, without copying rows and with a
// short exclusive lock. Resumable: plan() reads where a previous run stopped.
class PartitionSwap {
  public:
    PartitionSwap(PgConnection& db, KudosSettings settings);

    // Reads the catalog and changes nothing. Error(Schema) when a table is missing, Error(Refused) when a
    // heap has a unique index that cannot exist on the partitioned table.
    SwapPlan plan(Micros now);
    // Executes `plan` (phase 3 is re-planned from the catalog after phases 1 and 2, at plan.now).
    // The feedback pauses and cancels between steps and gets a TaskProgress whose detail is the SwapStep
    // about to run.
    SwapReport run(const SwapPlan& plan, TaskFeedback& feedback, const SwapOptions& options = {});
    // Without an operator (tests, benchmarks, the demo).
    SwapReport run(const SwapPlan& plan, const SwapOptions& options = {});

  private:
    void runLockedPhase(const SwapPlan& plan, SwapReport& report);
    PgConnection& m_db;
    KudosSettings m_settings;
};

} // namespace tidemark::kudos
