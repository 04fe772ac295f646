#pragma once

#include "positionrow.h"
#include "thinninground.h"

#include <QString>
#include <memory>
#include <optional>
#include <random>
#include <vector>

namespace tidemark {
class PgConnection;
}

namespace tidemark::test {

// Random position tracks for the thinning tests: random rates, speeds, turns (lane ends with sub-0.3 m
// sideways steps), standing jitter, gaps (some exactly 120 s), blade and RTK changes, NULLs, error instants,
// rows on bin and slice boundaries.
// Tracks start within two days of this instant (2025-06-01T00:00:00Z).
constexpr Micros kRandomTracksBase = Micros(1748736000) * kMicrosPerSecond;

class RandomTracks {
  public:
    explicit RandomTracks(std::uint32_t seed) : m_rng(seed) {}
    positions::MowerTrack next(int maxRows);

  private:
    double uniform(double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(m_rng); }
    int between(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    bool chance(double p) { return uniform(0, 1) < p; }
    std::mt19937_64 m_rng;
};

// Inserts tracks into mower_positions (and one mower_history row per error instant, plus a few history rows
// without an error code) in batches of one statement.
void insertTracks(PgConnection& db, const std::vector<positions::MowerTrack>& tracks);
// The rows of one mower as the table holds them.
std::vector<positions::PositionRow> tableRows(PgConnection& db, const QUuid& mowerId);

// `count` tracks of RandomTracks(seed), each of at most maxRows rows.
std::vector<positions::MowerTrack> someTracks(std::uint32_t seed, int count, int maxRows = 1500);
// A mower that spans several slices: a row every 2 s for about 17 h from kRandomTracksBase, mowing lanes.
positions::MowerTrack longTrack(std::uint32_t seed);
// The track cut into sessions of 5 to 80 rows, each moved later than the one before by a pause of none, 9, 10
// or 11 minutes, 3, 6 or 13 hours or 3 days (its error instants with it): a mower whose slices lie next to
// each other, a context apart or far apart.
positions::MowerTrack inSessions(const positions::MowerTrack& track, std::uint32_t seed);
// Whether the positions tests run on a Citus cluster (TIDEMARK_TEST_POSITIONS_ENGINE=citus: the ctest runs
// labelled citus).
bool positionsOnCitus();
// A fresh test database with the positions schema (TestPostgres; on Citus a TestCitus database with the
// tables distributed); its conninfo in *conninfo.
std::unique_ptr<PgConnection> freshPositionsDatabase(const QString& name, QString* conninfo = nullptr);
// The table holds each track as the in-memory store thins it up to `cutoff` under the default settings:
// the same rows (instant and latitude), row for row (QCOMPARE: a difference fails the calling test).
void expectThinnedLikeStore(PgConnection& db, const std::vector<positions::MowerTrack>& tracks,
                            Micros cutoff);
// A round at `now` that ignores the window (the tests run at any hour).
positions::RoundOptions roundAt(Micros now);
// The mower's watermark, or nullopt without one.
std::optional<Micros> watermarkOf(PgConnection& db, const QUuid& mowerId);

} // namespace tidemark::test
