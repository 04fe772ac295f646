#pragma once

#include <QString>
#include <QUuid>
#include <vector>

namespace tidemark::positions {

// What one mower contributed to a round (or, in a dry run, would contribute).
struct MowerRoundFigures {
    QUuid mowerId;
    long long slices = 0;
    long long scanned = 0;
    long long deleted = 0;
};

// The outcome of one ThinningRound.
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
    int mowers = 0; // mowers with at least one slice done
    long long slices = 0;
    long long scanned = 0;
    long long deleted = 0;
    long long slicesPending = 0; // left for later rounds
    std::vector<MowerRoundFigures> perMower;

    bool didWork() const { return ageDeleted > 0 || slices > 0; }
    // The one key=value line of a round that did work.
    QString infoLine() const;
};

} // namespace tidemark::positions
