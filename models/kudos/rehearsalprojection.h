#pragma once

#include "kudosrehearsal.h"

#include <vector>

namespace tidemark {
class PgConnection;
}
namespace tidemark::archive {
class ArchiveStore;
}

namespace tidemark::kudos {

// Per dataset with a measured range: the backlog (rows older than the window at the rehearsal's clock) at the
// range's seconds per row, the rows of a week (the four weeks before the server's clock), the archive bytes
// they make at the measured compressed bytes per row, and when the tier reaches its budget from what it holds
// (the scratch archive counts as empty: its objects are the rehearsal's).
std::vector<RehearsalProjection> projectRehearsal(PgConnection& db, archive::ArchiveStore& store,
                                                  const KudosRehearsalReport& report,
                                                  const KudosSettings& settings);

// Pure: the budget's date at `weeklyBytes` from `bytesAfterBacklog` on at `now`; nullopt without a budget or
// growth. At or above the budget already: `now`.
std::optional<Micros> budgetReachedAt(qint64 budgetBytes, qint64 bytesAfterBacklog, double weeklyBytes,
                                      Micros now);

// The five measures of the decision record with their verdicts, from the report's figures.
std::vector<RehearsalVerdict> rehearsalVerdicts(const KudosRehearsalReport& report);

} // namespace tidemark::kudos
