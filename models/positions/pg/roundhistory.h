#pragma once

#include "roundreport.h"

#include "timestamp.h"

#include <vector>

namespace tidemark {
class PgConnection;
}

namespace tidemark::positions {

// One recorded round.
struct RoundHistoryEntry {
    Micros startedAt = 0;
    bool dryRun = false;
    bool complete = false;
    bool cancelled = false;
    bool budgetExhausted = false;
    bool windowClosed = false;
    int mowers = 0;
    long long slices = 0;
    long long scanned = 0;
    long long deleted = 0;
    long long ageDeleted = 0;
    long long slicesPending = 0;
    double seconds = 0;
    bool clockOverride = false; // run with the clock check overridden
    double clockAheadSeconds = 0;
    int failedMowers = 0;
    QString interrupted; // why it stopped early, if a timeout or conflict stopped it
    double pausedSeconds = 0;
    QString problems;   // the skipped mowers' reasons, one per line
    int jobs = 1;       // thinning workers
    QString planSha256; // the plan an apply ran ("" for a round)
};

// The rounds run by the console and by tidemark-cli, kept in the positions database itself in
// `tidemark_round_history` (created by the first recorded round with CREATE TABLE IF NOT EXISTS: not part of
// the schema's migrations), so every console and timer on that database sees the same history.
class RoundHistory {
  public:
    explicit RoundHistory(PgConnection& db);
    // Creates the table, or adds the columns a newer version records, when needed.
    void append(Micros startedAt, const RoundReport& report);
    // The latest `limit` rounds, oldest first. Empty when the table does not exist yet.
    std::vector<RoundHistoryEntry> latest(int limit = 50);

  private:
    void ensureTable();
    PgConnection& m_db;
};

} // namespace tidemark::positions
