#include "retentionreport.h"

#include <algorithm>

namespace tidemark::kudos {

QString RetentionAction::verb() const {
    if (to == QLatin1String("rolled_up"))
        return QStringLiteral("roll up");
    if (to == QLatin1String("dumped"))
        return QStringLiteral("dump");
    if (to == QLatin1String("checkpointed"))
        return QStringLiteral("checkpoint");
    if (to == QLatin1String("stated"))
        return QStringLiteral("write daily statements");
    if (to == QLatin1String("exported"))
        return QStringLiteral("export");
    if (to == QLatin1String("verified"))
        return QStringLiteral("verify");
    return entry.subrange ? QStringLiteral("drop (the whole first partition)") : QStringLiteral("drop");
}

int RetentionReport::count(PlanUnitOutcome::Status status) const {
    return int(PlanUnitOutcome::count(unitOutcomes, status));
}

int RetentionReport::exitCode() const {
    if (lockBusy)
        return 75;
    const bool hard =
        std::any_of(alerts.begin(), alerts.end(), [](const RetentionAlert& a) { return !a.retryable(); });
    if (hard || (applied && count(PlanUnitOutcome::Status::Stale) > 0))
        return 1;
    if (applied) // the archive's alerts leave their actions: counted among the left ones
        return count(PlanUnitOutcome::Status::Left) > 0 || cancelled ? 75 : 0;
    // An unreachable archive: the rest went on, the currency waits; the timer should see it and retry. A
    // cancelled run (the operator, SIGTERM) committed its steps so far; the next run goes on.
    return alerts.empty() && !cancelled ? 0 : 75;
}

} // namespace tidemark::kudos
