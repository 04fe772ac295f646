#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) with clang, AddressSanitizer and UndefinedBehaviorSanitizer in
# ${TIDEMARK_FUZZ_BUILD_DIR:-build-fuzz}, and runs each for TIDEMARK_FUZZ_SECONDS (default 30) on a copy of its
# seed corpus (tests/fuzz/corpus/<name>, and for the GPX reader the real files of tests/data/gpx), two at a
# time, with a memory limit. A crash, a leak, a timeout or an out-of-memory fails the run and leaves the input
# that caused it in the build folder (fuzz-<name>/crash-*): turn it into a test. The seed is fixed
# (TIDEMARK_FUZZ_SEED, default 1) so that a run explores what the last one did: set another to look further.
# `run-fuzzers.sh build` only builds, `run-fuzzers.sh run` only runs what a build left (scripts/run-tests.sh
# builds while the tests run, at the lowest CPU priority); without an argument, both.
set -euo pipefail
mode=${1:-all}
case $mode in all | build | run) ;; *) echo "usage: run-fuzzers.sh [build|run]" >&2; exit 2 ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TIDEMARK_FUZZ_BUILD_DIR:-$root/build-fuzz}
seconds=${TIDEMARK_FUZZ_SECONDS:-30}
seed=${TIDEMARK_FUZZ_SEED:-1}
targets=(manifest csvrecord zstdverify gpxreader sources densitytile mbtiles marker planfile)
if [ "$mode" != run ]; then
    "$root/scripts/install-deps.sh"
    # -O1 with line tables only: enough for the sanitizers' stack traces, in about half the compile of -O2 -g.
    CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only -DNDEBUG" -DTIDEMARK_FUZZ=ON \
        -DTIDEMARK_WERROR=ON >/dev/null
    cmake --build "$build" -j "$(nproc)" --target "${targets[@]/#/fuzz_}"
fi
[ "$mode" = build ] && exit 0

run_one() {
    local name=$1 work="$build/fuzz-$1"
    rm -rf "$work" && mkdir -p "$work/corpus"
    cp "$root/tests/fuzz/corpus/$name/"* "$work/corpus/"
    [ "$name" = gpxreader ] && cp "$root"/tests/data/gpx/*.gpx "$work/corpus/"
    if (cd "$work" && "$build/tests/fuzz/fuzz_$name" -max_total_time="$seconds" -seed="$seed" -rss_limit_mb=512 \
        -malloc_limit_mb=256 -timeout=10 -max_len=65536 -print_final_stats=1 corpus >log 2>&1); then
        echo "fuzz_$name: $(grep -o 'stat::number_of_executed_units: [0-9]*' "$work/log" | grep -o '[0-9]*$') runs, no finding"
    else
        echo "fuzz_$name: FAILED (see $work/log)"; tail -40 "$work/log"; return 1
    fi
}

status=0
pids=()
for name in "${targets[@]}"; do
    run_one "$name" & pids+=($!)
    if [ ${#pids[@]} -ge 2 ]; then wait "${pids[0]}" || status=1; pids=("${pids[@]:1}"); fi
done
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
exit $status
