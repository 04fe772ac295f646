#include "roundreport.h"

namespace tidemark::positions {

bool RoundReport::anyOutcome(PlanUnitOutcome::Status status) const {
    return PlanUnitOutcome::count(unitOutcomes, status) > 0;
}

RoundVerdict RoundReport::verdict() const {
    if (!failures.empty() || anyOutcome(PlanUnitOutcome::Status::Stale))
        return RoundVerdict::Failed;
    return interrupted.isEmpty() && !cancelled && !anyOutcome(PlanUnitOutcome::Status::Left)
               ? RoundVerdict::Done
               : RoundVerdict::Retry;
}

QString RoundReport::infoLine() const {
    QString extra;
    if (!failures.empty())
        extra += QStringLiteral(" failed_mowers=%1").arg(failures.size());
    if (!interrupted.isEmpty())
        extra += QStringLiteral(" interrupted=%1").arg(QString::fromLatin1(interruptedState));
    if (cancelled)
        extra += QStringLiteral(" cancelled=true");
    if (pausedSeconds > 0)
        extra += QStringLiteral(" paused_seconds=%1").arg(pausedSeconds, 0, 'f', 1);
    if (!planSha256.isEmpty())
        extra += QStringLiteral(" plan_sha256=%1").arg(planSha256);
    if (jobs > 1)
        extra += QStringLiteral(" jobs=%1").arg(jobs);
    if (clockOverride)
        extra +=
            QStringLiteral(" clock_override=true clock_ahead_seconds=%1").arg(clockAheadSeconds, 0, 'f', 0);
    return QStringLiteral("positions_thinning_round dry_run=%1 mowers=%2 slices=%3 scanned=%4 deleted=%5 "
                          "age_deleted=%6 seconds=%7 complete=%8")
               .arg(dryRun ? QStringLiteral("true") : QStringLiteral("false"))
               .arg(mowers)
               .arg(slices)
               .arg(scanned)
               .arg(deleted)
               .arg(ageDeleted)
               .arg(seconds, 0, 'f', 3)
               .arg(complete ? QStringLiteral("true") : QStringLiteral("false")) +
           extra;
}

} // namespace tidemark::positions
