#!/usr/bin/env bash
# Runs every benchmark of tests/bench from a build folder (default build/): figures and ratios on stdout.
set -euo pipefail
BUILD="${1:-build}"
cmake --build "$BUILD" --target bench_coverage
"$BUILD/tests/bench/bench_coverage"
