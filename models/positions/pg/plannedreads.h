#pragma once

#include <QString>

namespace tidemark::positions {

// A plan's dry run judges each slice on the table as the round will find it: without the rows that the age
// delete removes first (the parameter $10, a timestamptz) and without the previous slice's deletions in its
// context (the parameter $9, a timestamptz[]; only instants before the slice's begin $2 are left out).
class PlannedReads {
  public:
    // The single-slice thinning statement with that filter on every read of mower_positions (each names the
    // mower as $1, in one of two forms). Throws Error(Failed) when a form is missing (the statement changed).
    static QString asTheRoundFindsThem(QString statement);
};

} // namespace tidemark::positions
