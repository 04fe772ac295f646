#pragma once

#include "error.h"
#include "timestamp.h"

#include <QString>

namespace tidemark {

// A clock that decides ages (a round's or a job's `now`: --now or this machine's clock) compared with a
// clock it must not run ahead of: a database server's now(), this machine's clock, the newest row of a
// store. A clock in the future would treat young rows as old, so it is refused when it is more than
// kMaxClockAhead later, unless the operator overrides the check for a rehearsal on a copy. A value: the
// instants come in, the verdict and the message go out.
struct ClockCheck {
    static constexpr Micros kMaxClockAhead = 5 * kMicrosPerMinute;

    QString clockName; // "the round's clock", "the retention job's clock"
    Micros clock = 0;
    QString referenceName; // "the database server's now()", "this machine's clock"
    Micros reference = 0;

    Micros ahead() const { return clock - reference; }
    bool tooFarAhead() const { return ahead() > kMaxClockAhead; }
    // "the round's clock 2026-… is 38 d 2 h later than the database server's now() 2026-… (the limit is 5
    // min): <consequence>. Fix the clock or --now; to run anyway, override the check (<override>)<recorded>"
    QString refusalText(const QString& consequence, const QString& override) const;
    // Error(Refused) with refusalText; throws only when tooFarAhead() and !allowed.
    void require(bool allowed, const QString& consequence, const QString& override) const;
};

} // namespace tidemark
