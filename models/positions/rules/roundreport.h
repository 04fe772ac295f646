#pragma once

#include "planunitoutcome.h"
#include "positionsplanunits.h"
#include "timestamp.h"
#include <QString>
#include <QStringList>

#include <QByteArray>
#include <QUuid>
#include <optional>
#include <vector>

namespace tidemark::positions {

// What one mower contributed to a round (or, in a dry run, would contribute).
struct MowerRoundFigures {
    QUuid mowerId;
    long long slices = 0;
    long long scanned = 0;
    long long deleted = 0;
};

// A mower the round skipped: a slice failed on a bad row or another writer moved its watermark.
struct MowerFailure {
    QUuid mowerId;
    QString reason; // one line naming the mower and, for a bad row, the row
    std::optional<Micros> rowAt;
};

// What a round's outcome means for its runner; the values are tidemark-cli's exit codes (EX_TEMPFAIL for a
// retry) and the metrics' last exit code.
enum class RoundVerdict : int {
    Done = 0,   // ran, or skipped because another runner holds the lock
    Failed = 1, // at least one mower was skipped (a bad row, a moved watermark), or a planned unit was stale
    Retry = 75  // stopped early by a lock or statement timeout, a serialization failure, a deadlock or a
                // cancel (the operator, SIGTERM): the next round goes on; an apply that left units
};

// The outcome of one ThinningRound (and of the RoundJob around it: its warnings).
struct RoundReport {
    bool dryRun = false;
    bool skippedLocked = false; // another runner holds the advisory lock
    bool insideWindow = true;   // the window (or --ignore-window) allowed thinning when the round started
    bool budgetExhausted = false;
    bool windowClosed = false; // the window closed between slices
    bool cancelled = false;
    bool complete = false;    // every pending slice of every mower is done
    long long ageDeleted = 0; // rows removed (dry run: would be removed) by the age limit
    double deleteSeconds = 0;
    double thinSeconds = 0;
    double seconds = 0;
    int jobs = 1;   // thinning workers that ran (positions round --jobs)
    int mowers = 0; // mowers with at least one slice done
    long long slices = 0;
    long long scanned = 0;
    long long deleted = 0;
    long long slicesPending = 0; // left for later rounds
    std::vector<MowerRoundFigures> perMower;

    // The clock check: the round's clock against the server's now(); an override is recorded.
    Micros serverNow = 0;
    double clockAheadSeconds = 0; // the round's clock minus the server's (negative: behind)
    bool clockOverride = false;   // ahead by more than the limit and run anyway
    std::vector<MowerFailure> failures;
    // Why the round stopped early on a lock or statement timeout, a serialization failure or a deadlock
    // (the slice was rolled back; the next round retries it); empty when it did not.
    QString interrupted;
    QByteArray interruptedState;     // its SQLSTATE
    double pausedSeconds = 0;        // time spent paused between slices, holding the round's lock
    bool stoppedWhilePaused = false; // the window closed or the budget ran out during a pause

    // What a front end must show, in the words tidemark-cli prints (RoundJob): an overridden clock check,
    // each skipped mower, an interruption, a history row or a metrics file that was not written.
    QStringList warnings;

    // A dry run with RoundOptions::collectUnits: what a plan lists (every slice with rows, digests included).
    PositionsPlanUnits units;
    // An apply (RoundOptions::plan): one outcome per unit of the plan, in the plan's order (the age delete
    // first, then the slices).
    std::vector<PlanUnitOutcome> unitOutcomes;
    QString planSha256; // the plan applied, for the round history

    bool anyOutcome(PlanUnitOutcome::Status status) const;

    bool didWork() const { return ageDeleted > 0 || slices > 0; }
    RoundVerdict verdict() const;
    // The one key=value line of a round that did work.
    QString infoLine() const;
};

} // namespace tidemark::positions
