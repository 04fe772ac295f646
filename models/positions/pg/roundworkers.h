#pragma once

#include "roundplan.h"
#include "roundreport.h"

#include <QElapsedTimer>
#include <atomic>
#include <mutex>
#include <vector>

namespace tidemark {
class PgConnection;
}

namespace tidemark::positions {

class RoundTransactions;
struct RoundOptions;
struct MowerThinningStatus;

// The round's workers and what they share: the mowers of the plan's queue thinned slice by slice (a sparse
// mower's slices in batches, RoundTransactions::runBatch), on the round's own connection mower by mower, or
// by options.jobs workers on connections of their own taking whole mowers from the queue while the round's
// connection holds the lock; the checkpoint between two batches or slices (a pause holds there, a cancel,
// the budget or the window stops the round, and the first worker that stops stops the others); the report's
// figures, failures and progress events (one per slice, batched or not), one worker at a time.
class RoundWorkers {
  public:
    RoundWorkers(const RoundOptions& options, const RoundPlan& plan, RoundReport& report);

    // Between two batches or slices: holds while paused (checking the limits about once a second, and
    // telling how long the round's lock has been held), then checks the window and the budget.
    RoundPlan::Stop between();
    // What was left of the budget at the last check, at least a second (0: none, for a dry run).
    long long statementTimeoutMs();
    void addFailure(MowerFailure failure);

    // Thins the plan's queue; true when every mower's loop ran to its end. `own` runs the statements of the
    // round's connection (one job). Throws what a worker threw (a lost connection, an interruption).
    bool thin(RoundTransactions& own);
    long long slicesDone() const { return m_done; }
    // A plan's dry run: the slices with rows that the mowers' loops listed, into report.units in the queue's
    // order.
    void finishUnits();

  private:
    // Adds a mower's committed slices to the report when it goes out of scope, however the mower's loop ends
    // (an interruption throws).
    struct MowerAccount {
        RoundReport& report;
        const MowerRoundFigures& figures;
        std::mutex& shared;
        ~MowerAccount();
    };
    bool thinInParallel();
    // False when the round must stop (a limit, a cancel); a failing mower only ends its own loop.
    bool thinMower(RoundTransactions& transactions, const MowerThinningStatus& m);
    bool work(RoundTransactions& transactions, const MowerThinningStatus& m);
    // An apply (roundworkersapply.cpp): the mower's planned slices, each Applied, Done or Stale, the later
    // ones of a mower with a stale slice Left; false when the round must stop (the unreached stay Left).
    bool applyMower(RoundTransactions& transactions, const MowerThinningStatus& m);
    void setOutcome(std::size_t slice, PlanUnitOutcome::Status status, const QString& detail);
    RoundPlan::Stop limits();
    void notePaused(bool held, const QElapsedTimer& paused);
    void tellPaused(double seconds);

    const RoundOptions& m_options;
    const RoundPlan& m_plan;
    RoundReport& m_report;
    Micros m_lastAt = 0; // the clock at the last check of the limits
    long long m_done = 0;
    long long m_scannedSoFar = 0;
    Micros m_pauseCountedUntil = 0;
    std::atomic<bool> m_stopAll{false};
    std::mutex m_shared; // the report, the counts and the callbacks, shared by the workers
    std::vector<std::pair<const MowerThinningStatus*, std::vector<PlannedSlice>>> m_collected;
};

} // namespace tidemark::positions
