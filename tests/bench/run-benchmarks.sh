#!/usr/bin/env bash
# Runs every benchmark of tests/bench from a build folder (default build/): figures and ratios on stdout.
set -euo pipefail
BUILD="${1:-build}"
cmake --build "$BUILD" --target bench_coverage
"$BUILD/tests/bench/bench_coverage"
# Thinning: keep_set rows/s; the SQL statement vs a bare window SELECT and a bare DELETE; a first-run catch-up.
# Uses TIDEMARK_TEST_PG when set, else starts a private PostgreSQL cluster. Arguments: mowers days.
cmake --build "$BUILD" --target bench_thinning
"$BUILD/tests/bench/bench_thinning" 4 3
# Plans applied exactly: the dry run with the plan's units vs the dry run, the apply vs the round on the same rows
# (demo-sized positions in two copies of one database). Arguments: mowers days.
cmake --build "$BUILD" --target bench_positions_plan
"$BUILD/tests/bench/bench_positions_plan" 8 120
# Positions console: rows/s loading ranges into memory, a binary-results SELECT vs PositionLoader (binary COPY) (demo workspace).
cmake --build "$BUILD" --target bench_positions_load tidemark-cli
"$BUILD/app/cli/tidemark-cli" demo up --dir "$BUILD/test-demo" --now 2026-11-30T00:00:00Z >/dev/null
"$BUILD/tests/bench/bench_positions_load" "$BUILD/test-demo"
# The console's home: its first paint after connect (the quick plan) and the exact plan, on the demo workspace.
cmake --build "$BUILD" --target bench_home
QT_QPA_PLATFORM=offscreen "$BUILD/tests/bench/bench_home" "$BUILD/test-demo"
# Map: frame time of 1 M raw rows at three zoom levels, decimated renderer vs plain QPainter, side by side.
cmake --build "$BUILD" --target bench_map
QT_QPA_PLATFORM=offscreen "$BUILD/tests/bench/bench_map"
# Demo workspace: generation rates, COPY with indexes kept vs deferred, a whole `demo up`.
cmake --build "$BUILD" --target bench_demo
"$BUILD/tests/bench/bench_demo"
# Kudos partition swap: exclusive lock duration on 1 M vs 10 M ledger rows and their ratio; concurrent index
# build + VALIDATE time. Uses TIDEMARK_TEST_PG when set, else starts a private PostgreSQL cluster.
cmake --build "$BUILD" --target bench_kudos_swap
"$BUILD/tests/bench/bench_kudos_swap" 1000000 10000000
# Kudos drop: the parent's and users' locks and a writer's slowest insert with the re-check under the drop's
# own lock next to a bare DROP of the same partition, on 1 M and 10 M ledger rows.
cmake --build "$BUILD" --target bench_kudos_drop
"$BUILD/tests/bench/bench_kudos_drop" 1000000 10000000
# Archive: export and verify MB/s of CSV next to the zstd -3 command on the same bytes, peak RSS. Argument: MB.
cmake --build "$BUILD" --target bench_archive
"$BUILD/tests/bench/bench_archive" 80
# Archive to S3: export and verify MB/s to radosgw next to the directory store on the same rows, raw object PUT
# and GET MB/s. Uses TIDEMARK_TEST_S3 when set, else starts a private throwaway radosgw. Argument: MB.
cmake --build "$BUILD" --target bench_archive_s3
"$BUILD/tests/bench/bench_archive_s3" 80
# Archive restore rows/s into a PostgreSQL table and a SQLite file, next to a bare zstd -> COPY. Argument: rows.
cmake --build "$BUILD" --target bench_archive_restore
"$BUILD/tests/bench/bench_archive_restore" 400000
# Restore drill rows/s and MB/s of CSV next to the bare restore into SQLite it stands on, and its peak RSS at
# two sizes (flat: the comparison streams both sides). Arguments: rows, runs.
cmake --build "$BUILD" --target bench_archive_drill
"$BUILD/tests/bench/bench_archive_drill" 100000 3
"$BUILD/tests/bench/bench_archive_drill" 400000 3
# Archive bombs: peak RSS, CPU and wall time of `tidemark-cli archive verify` on hostile objects (a 2 GB field,
# 26 M rows behind a manifest of one, content past content_bytes) next to a normal object of the same size.
cmake --build "$BUILD" --target bench_archive_bomb
"$BUILD/tests/bench/bench_archive_bomb"
# Kudos retention on the demo's data: rollup and checkpoint next to a bare GROUP BY over the same week, and
# a full retention round to a directory archive.
cmake --build "$BUILD" --target bench_kudos_retention
"$BUILD/tests/bench/bench_kudos_retention"
# Kudos forecast: `forecast kudos` on the demo's data next to a bare counting scan of both tables, and on 1,000
# archived weeks in each tier (manifests read per second, next to a bare list + read + parse). Argument: weeks.
# Kudos plans: the dry run with units (rows and digests) next to without, and apply next to a round.
cmake --build "$BUILD" --target bench_kudos_plan
"$BUILD/tests/bench/bench_kudos_plan"
cmake --build "$BUILD" --target bench_kudos_forecast
"$BUILD/tests/bench/bench_kudos_forecast" 1000
# Positions at fleet scale (2,000 mowers over a year, generated with the indexes deferred): console connect and
# `positions status` at 3 M and 30 M rows; first-run catch-up rows/s with --jobs 1 and 2; the round's deletes
# against a bare DELETE by primary key. Arguments: mowers, small rows, large rows, catch-up budget seconds.
cmake --build "$BUILD" --target bench_fleet
"$BUILD/tests/bench/bench_fleet" 2000 3000000 30000000 60
# Tracks: p50/p95 of the bbox query with filters at 5,000 and 100,000 tracks of 1,240 points for 100 m, 1 km and
# 10 km windows, tracks returned per window, C++ Douglas-Peucker vs ST_Simplify. Files (~2 GB) kept in DIR.
cmake --build "$BUILD" --target bench_tracks_query
"$BUILD/tests/bench/bench_tracks_query" "$BUILD/bench-tracks" 5000 100000
# GPX import MB/s and tracks/s next to QXmlStreamReader tokenising the same files (the real files and 19 copies
# of them whose tracks are new, one import; a 40 MB synthetic file); the ratios' goals are >= 0.4x and >= 0.5x.
# Arguments: synthetic MB, copies of the real files.
cmake --build "$BUILD" --target bench_tracks_import
"$BUILD/tests/bench/bench_tracks_import" 40 20
# Tracks retention plan: the dry run against the plan's units, the run against the plan's apply (goals <= 1.3x
# and <= 1.1x), on a file and a PostGIS store of 20,000 tracks of 200 points.
cmake --build "$BUILD" --target bench_tracks_plan
"$BUILD/tests/bench/bench_tracks_plan" 20000 200
# Tracks map: frame time of the tracks layer with 2,000 and 100,000 rides in view at three zooms, next to a plain
# QPainter polyline of every stored point; simplification and projection times. Argument: the large count.
cmake --build "$BUILD" --target bench_tracks_map
QT_QPA_PLATFORM=offscreen "$BUILD/tests/bench/bench_tracks_map" 100000
