#pragma once

#include <QJsonObject>
#include <QString>

#include <algorithm>
#include <vector>

namespace tidemark {

// What `apply` did with one unit of a plan (spec/operations.md, "Plans that are applied exactly"): applied;
// done before (a watermark past the slice, a catalog state past the action, a track already gone); stale
// (its re-check inside its transaction failed: nothing of it changed, `detail` says what differs); or left
// for a later apply (`detail`: the window, the budget, a lock, a stop, or a stale unit before it that it
// depends on).
struct PlanUnitOutcome {
    enum class Status { Applied, Done, Stale, Left };
    Status status = Status::Left;
    QJsonObject unit; // the unit as the plan lists it
    QString detail;

    // "applied", "done", "stale", "left": the JSON's and the text's words.
    static QString statusName(Status status) {
        switch (status) {
        case Status::Applied:
            return QStringLiteral("applied");
        case Status::Done:
            return QStringLiteral("done");
        case Status::Stale:
            return QStringLiteral("stale");
        case Status::Left:
            break;
        }
        return QStringLiteral("left");
    }
    // How many of `outcomes` have `status`: every report of an apply counts its units with this.
    static long long count(const std::vector<PlanUnitOutcome>& outcomes, Status status) {
        return std::count_if(outcomes.begin(), outcomes.end(),
                             [status](const PlanUnitOutcome& o) { return o.status == status; });
    }
    QJsonObject toJson() const {
        QJsonObject o = unit;
        o.insert(QStringLiteral("outcome"), statusName(status));
        if (!detail.isEmpty())
            o.insert(QStringLiteral("detail"), detail);
        return o;
    }
};

} // namespace tidemark
