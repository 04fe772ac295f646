#pragma once

#include "positionsettings.h"
#include "positionsplanunits.h"
#include "roundreport.h"
#include "thinningstatus.h"
#include "thinningwindow.h"

#include <functional>
#include <optional>
#include <vector>

namespace tidemark::positions {

struct RoundOptions;

// What one round is to do and within which limits, fixed when it starts (spec/positions.md, "Slices and
// rounds"): its clock, its budget and its window (neither applies to a dry run, the window not with
// ignoreWindow), the thinning cutoff and, once read, the mowers it thins with their pending slices in the
// order it takes them. A value of the round's thread; the workers read it.
class RoundPlan {
  public:
    // Why the round stops between two batches or slices.
    enum class Stop { None, Cancelled, Budget, Window, Elsewhere };

    RoundPlan(const PositionSettings& settings, const RoundOptions& options);

    const PositionSettings& settings() const { return m_settings; }
    // The round's clock now: options.clock, or nowMicros offset so that it started at options.now.
    Micros clock() const { return m_clock(); }
    // The budget and the window from here (once the round holds its lock).
    void start();
    Micros startedAt() const { return m_start; }
    // The window (or ignoreWindow, or a dry run) allowed thinning when the round started.
    bool insideWindow() const { return m_insideWindow; }
    Micros cutoff() const { return m_cutoff; }
    // Budget (the round's time is used up) or Window (the window has closed since the start) at `at`; None
    // in a dry run.
    Stop limitAt(Micros at) const;
    // What is left of the budget at `at`, at least a second (0: none, for a dry run).
    long long statementTimeoutMs(Micros at) const;

    // The mowers' status as the round read it: those it cannot thin (an observed_at that is not an instant)
    // go into the report's failures; the others with slices pending make the queue, in id order for one job,
    // largest backlog first for workers.
    void setMowers(std::vector<MowerThinningStatus> mowers, RoundReport& report);
    const std::vector<const MowerThinningStatus*>& queue() const { return m_queue; }
    // An apply: the plan's mowers make the queue (in the plan's order for one job, most planned slices
    // first for workers), each with its status as read now (a mower the table no longer knows has none)
    // and its planned slices as slicesPending.
    void setPlannedMowers(const std::vector<MowerThinningStatus>& now, const PositionsPlanUnits& units);
    // The indices into units.slices of the mower's planned slices, in the plan's order.
    const std::vector<std::size_t>& plannedOf(const QUuid& mowerId) const;
    // The age limit of the round's clock (now − retention days), none when rows are kept forever.
    std::optional<Micros> ageLimit() const;
    long long totalSlices() const { return m_totalSlices; }

  private:
    static void spreadOverNodes(std::vector<const MowerThinningStatus*>& queue);
    const PositionSettings& m_settings;
    const RoundOptions& m_options;
    const ThinningWindow m_window;
    std::function<Micros()> m_clock;
    Micros m_budget = 0;
    Micros m_start = 0;
    Micros m_cutoff = 0;
    bool m_windowApplies = false;
    bool m_insideWindow = true;
    std::vector<MowerThinningStatus> m_mowers;
    std::vector<const MowerThinningStatus*> m_queue;
    long long m_totalSlices = 0;
    std::vector<std::pair<QUuid, std::vector<std::size_t>>> m_planned; // by mower, in the plan's order
};

} // namespace tidemark::positions
