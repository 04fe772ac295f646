#include "roundplan.h"

#include "thinninground.h"

#include <algorithm>

namespace tidemark::positions {

RoundPlan::RoundPlan(const PositionSettings& settings, const RoundOptions& options)
    : m_settings(settings), m_options(options), m_window(settings) {
    const Micros startedAt = nowMicros();
    m_clock = options.clock ? options.clock
                            : [now = options.now, startedAt] { return now + (nowMicros() - startedAt); };
    m_budget = static_cast<Micros>(options.budgetSeconds.value_or(settings.budgetSeconds)) * kMicrosPerSecond;
    m_windowApplies = !options.ignoreWindow && !options.dryRun;
    m_cutoff = settings.thinningCutoff(options.now);
}

void RoundPlan::start() {
    m_start = m_clock();
    m_insideWindow = !m_windowApplies || m_window.contains(m_options.now);
}

RoundPlan::Stop RoundPlan::limitAt(Micros at) const {
    if (m_options.dryRun)
        return Stop::None;
    if (at - m_start >= m_budget)
        return Stop::Budget;
    if (m_windowApplies && m_insideWindow && !m_window.contains(at))
        return Stop::Window;
    return Stop::None;
}

long long RoundPlan::statementTimeoutMs(Micros at) const {
    if (m_options.dryRun)
        return 0;
    return std::max<long long>(1000, (m_budget - (at - m_start)) / 1000);
}

void RoundPlan::setMowers(std::vector<MowerThinningStatus> mowers, RoundReport& report) {
    m_mowers = std::move(mowers);
    m_queue.clear();
    m_totalSlices = 0;
    for (const MowerThinningStatus& m : m_mowers) {
        m_totalSlices += m.slicesPending;
        if (!m.notAnInstant.isEmpty())
            report.failures.push_back(
                {m.mowerId,
                 QStringLiteral("mower %1 has %2; it is not thinned until that is fixed")
                     .arg(m.mowerId.toString(QUuid::WithoutBraces), m.notAnInstant),
                 std::nullopt});
        else if (m.slicesPending > 0)
            m_queue.push_back(&m);
    }
    if (m_options.jobs > 1)
        std::stable_sort(m_queue.begin(), m_queue.end(),
                         [](const auto* a, const auto* b) { return a->slicesPending > b->slicesPending; });
}

} // namespace tidemark::positions
