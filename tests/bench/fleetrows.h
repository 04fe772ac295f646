#pragma once

namespace tidemark {
class PgConnection;
}

namespace tidemark::bench {

// The fleet benchmarks' rows (bench_fleet, bench_citus): `perMower` rows for each of `mowers` mowers
// (ids 00000000-0000-0000-0001-<m>), added through COPY: 30 sessions over 2025, one every ~12 days at an
// hour of the mower's own, a row a second (plus `offsetMs`, so that two layers never collide) along 20 m
// lanes 0.22 m apart, blades on but for every 97th row. Progress on stderr.
void addFleetRows(PgConnection& db, int mowers, long long perMower, int offsetMs);

} // namespace tidemark::bench
