#!/usr/bin/env bash
# Configures and builds Tidemark in ${TIDEMARK_BUILD_DIR:-build}, warnings as errors: the build the tests and
# the demo run. It is optimised at -O1 without debug information and linked by lld, which builds in half the
# time of -O2 with debug information on two cores (docs/performance.md, "The test run"); a build to profile or to debug is
# `cmake -B DIR -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TIDEMARK_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE="-O1 -DNDEBUG" \
    -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld -DTIDEMARK_WERROR=ON >/dev/null
cmake --build "$build" -j "$(nproc)"
