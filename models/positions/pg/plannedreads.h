#pragma once

#include <QString>

namespace tidemark::positions {

// A plan's dry run judges each slice on the table as the round will find it: without the rows that the age
// delete removes first (the parameter $10, a timestamptz) and without the previous slice's deletions in its
// context (the parameter $9, a timestamptz[]; only instants before the slice's begin $2 are left out).
class PlannedReads {
  public:
    // The thinning statement with that filter on every read of mower_positions (each names the mower as $1,
    // or in a batch as the first element of the array $1, in one of two forms; a batch's $2 is the array of
    // its slices' begins). Throws Error(Failed) when a form is missing (the statement changed).
    static QString asTheRoundFindsThem(QString statement, bool batch = false);
};

} // namespace tidemark::positions
