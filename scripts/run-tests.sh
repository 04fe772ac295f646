#!/usr/bin/env bash
# The test command: installs what is missing, builds everything, starts a throwaway PostgreSQL 15 cluster
# and a throwaway Ceph radosgw (S3) on 127.0.0.1 for the tests, and runs every test (ctest), GUI tests under
# Xvfb; builds the libFuzzer targets meanwhile (at the lowest CPU priority) and runs each for a bounded time
# afterwards (scripts/run-fuzzers.sh; TIDEMARK_FUZZ_SECONDS=0 skips them). It also starts a throwaway Citus
# cluster (scripts/test-citus.sh, which builds Citus the first time on a machine) for the Citus tests (label
# citus); TIDEMARK_TEST_CITUS_CLUSTER=0 leaves the cluster and those tests out.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TIDEMARK_BUILD_DIR:-$root/build}
"$root/scripts/build.sh"

# The Citus cluster's first start on a machine builds Citus (about 2 minutes of CPU) and radosgw takes about
# 15 s to come up: both start in the background while PostgreSQL starts.
citus=${TIDEMARK_TEST_CITUS_CLUSTER:-1}
citusstate=$(mktemp -d /tmp/tidemark-ci-citus.XXXXXX)
chmod 0711 "$citusstate"
citusstarter=
labels=(-LE citus)
if [ "$citus" = 1 ]; then
    "$root/scripts/test-citus.sh" start "$citusstate/cluster" >"$citusstate/conninfo" 2>"$citusstate/start.log" &
    citusstarter=$!
    labels=()
fi

rgwstate=$(mktemp -d /tmp/tidemark-ci-rgw.XXXXXX)
rgwport=47480
while (echo >"/dev/tcp/127.0.0.1/$rgwport") 2>/dev/null; do rgwport=$((rgwport + 1)); done
"$root/scripts/test-rgw.sh" start "$rgwstate/rgw" "$rgwport" >"$rgwstate/endpoint" 2>"$rgwstate/start.log" &
rgwstarter=$!

pgstate=$(mktemp -d /tmp/tidemark-ci-pg.XXXXXX)
chmod 0711 "$pgstate"
# shellcheck source=/dev/null
source "$root/tests/support/test-postgres.sh"
# A Citus start still running (an early exit) is waited for, so that no server starts after its stop.
trap '[ -n "$citusstarter" ] && { wait "$citusstarter" 2>/dev/null || true; }
      "$root/scripts/test-citus.sh" stop "$citusstate/cluster"; rm -rf "$citusstate"
      "$root/scripts/test-rgw.sh" stop "$rgwstate/rgw"; rm -rf "$rgwstate"; stop_test_postgres "$pgstate"' EXIT
start_test_postgres "$pgstate"

if ! wait "$rgwstarter"; then
    # Seen once on a loaded machine: the gateway did not answer within its minute. Say why, then try once
    # more on other ports.
    cat "$rgwstate/start.log" >&2
    for log in "$rgwstate"/rgw/log/*; do [ -f "$log" ] && { echo "== $log" >&2; tail -n 30 "$log" >&2; }; done
    "$root/scripts/test-rgw.sh" stop "$rgwstate/rgw" || true
    rgwport=$((rgwport + 7))
    while (echo >"/dev/tcp/127.0.0.1/$rgwport") 2>/dev/null; do rgwport=$((rgwport + 1)); done
    echo "tidemark: the test radosgw did not start; trying again on port $rgwport" >&2
    if ! "$root/scripts/test-rgw.sh" start "$rgwstate/rgw" "$rgwport" >"$rgwstate/endpoint"; then
        echo "tidemark: the test radosgw did not start" >&2
        exit 1
    fi
fi
TIDEMARK_TEST_S3=$(cat "$rgwstate/endpoint")
export TIDEMARK_TEST_S3
s3endpoint=${TIDEMARK_TEST_S3%% *}
echo "tidemark: test radosgw (S3) on ${s3endpoint#endpoint=}"

if [ -n "$citusstarter" ]; then
    if ! wait "$citusstarter"; then
        cat "$citusstate/start.log" >&2
        for log in "$citusstate"/cluster/nodes/*.log; do
            [ -f "$log" ] && { echo "== $log" >&2; tail -n 30 "$log" >&2; }
        done
        echo "tidemark: the test Citus cluster did not start" >&2
        exit 1
    fi
    TIDEMARK_TEST_CITUS=$(cat "$citusstate/conninfo")
    TIDEMARK_TEST_CITUS_WORKERS=$(cat "$citusstate/cluster/workers")
    export TIDEMARK_TEST_CITUS TIDEMARK_TEST_CITUS_WORKERS
    citusport=${TIDEMARK_TEST_CITUS#*port=}
    echo "tidemark: test Citus cluster on 127.0.0.1:${citusport%% *} (workers on $TIDEMARK_TEST_CITUS_WORKERS)"
fi

# The fuzz build (about 280 s of CPU) goes on while the tests run, at the lowest CPU priority: it takes the
# cycles the tests leave idle (servers starting, a test that runs alone), and the fuzzers run after ctest.
fuzzseconds=${TIDEMARK_FUZZ_SECONDS:-20}
fuzzbuilder=
fuzzlog=$(mktemp /tmp/tidemark-fuzz-build.XXXXXX)
if [ "$fuzzseconds" != 0 ]; then
    nice -n 19 "$root/scripts/run-fuzzers.sh" build >"$fuzzlog" 2>&1 &
    fuzzbuilder=$!
fi
status=0
(cd "$build" && ctest --output-on-failure --timeout 900 -j 2 ${labels[@]+"${labels[@]}"} "$@") || status=$?
if [ -n "$fuzzbuilder" ]; then
    if wait "$fuzzbuilder"; then
        TIDEMARK_FUZZ_SECONDS=$fuzzseconds "$root/scripts/run-fuzzers.sh" run || status=1
    else
        tail -n 60 "$fuzzlog" >&2
        echo "tidemark: the fuzz build failed" >&2
        status=1
    fi
fi
rm -f "$fuzzlog"
exit $status
