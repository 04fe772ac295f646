#!/usr/bin/env bash
# The test command: installs what is missing, builds everything, starts a throwaway PostgreSQL 15 cluster
# on 127.0.0.1 for the tests, and runs every test (ctest), GUI tests offscreen and under Xvfb.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TIDEMARK_BUILD_DIR:-$root/build}
"$root/scripts/build.sh"

pgstate=$(mktemp -d /tmp/tidemark-ci-pg.XXXXXX)
chmod 0711 "$pgstate"
# shellcheck source=/dev/null
source "$root/tests/support/test-postgres.sh"
start_test_postgres "$pgstate"
trap 'stop_test_postgres "$pgstate"' EXIT

cd "$build"
ctest --output-on-failure --timeout 900 -j 2 "$@"
