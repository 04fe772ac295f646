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
    if (m_options.jobs > 1) {
        std::stable_sort(m_queue.begin(), m_queue.end(),
                         [](const auto* a, const auto* b) { return a->slicesPending > b->slicesPending; });
        spreadOverNodes(m_queue);
    }
}

// On a Citus cluster, consecutive mowers of the queue come from different nodes in turn (each node's in
// the order they had), so that the jobs taking them work on all the nodes at once.
void RoundPlan::spreadOverNodes(std::vector<const MowerThinningStatus*>& queue) {
    std::vector<QString> nodes;
    std::vector<std::vector<const MowerThinningStatus*>> byNode;
    for (const MowerThinningStatus* m : queue) {
        auto at = std::find(nodes.begin(), nodes.end(), m->node);
        if (at == nodes.end()) {
            nodes.push_back(m->node);
            byNode.emplace_back();
            at = nodes.end() - 1;
        }
        byNode[std::size_t(at - nodes.begin())].push_back(m);
    }
    if (nodes.size() < 2)
        return;
    queue.clear();
    for (std::size_t i = 0;; ++i) {
        bool any = false;
        for (const auto& mowers : byNode)
            if (i < mowers.size()) {
                queue.push_back(mowers[i]);
                any = true;
            }
        if (!any)
            break;
    }
}

void RoundPlan::setPlannedMowers(const std::vector<MowerThinningStatus>& now,
                                 const PositionsPlanUnits& units) {
    m_planned.clear();
    for (std::size_t i = 0; i < units.slices.size(); ++i) {
        const QUuid& id = units.slices[i].mowerId;
        auto at =
            std::find_if(m_planned.begin(), m_planned.end(), [&](const auto& p) { return p.first == id; });
        if (at == m_planned.end())
            at = m_planned.insert(m_planned.end(), {id, {}});
        at->second.push_back(i);
    }
    m_mowers.clear();
    m_queue.clear();
    m_totalSlices = 0;
    for (const auto& [id, slices] : m_planned) {
        const auto known = std::find_if(now.begin(), now.end(),
                                        [&id = id](const MowerThinningStatus& s) { return s.mowerId == id; });
        MowerThinningStatus status;
        if (known != now.end())
            status = *known;
        status.mowerId = id;
        status.slicesPending = static_cast<long long>(slices.size());
        m_totalSlices += status.slicesPending;
        m_mowers.push_back(status);
    }
    for (const MowerThinningStatus& m : m_mowers)
        m_queue.push_back(&m);
    if (m_options.jobs > 1) {
        std::stable_sort(m_queue.begin(), m_queue.end(),
                         [](const auto* a, const auto* b) { return a->slicesPending > b->slicesPending; });
        spreadOverNodes(m_queue);
    }
}

const std::vector<std::size_t>& RoundPlan::plannedOf(const QUuid& mowerId) const {
    static const std::vector<std::size_t> none;
    for (const auto& [id, slices] : m_planned)
        if (id == mowerId)
            return slices;
    return none;
}

std::optional<Micros> RoundPlan::ageLimit() const {
    if (m_settings.retentionDays == 0)
        return std::nullopt;
    return m_options.now - m_settings.retentionDays * kMicrosPerDay;
}

} // namespace tidemark::positions
