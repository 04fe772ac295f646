#!/usr/bin/env bash
# Configures and builds Tidemark in ${TIDEMARK_BUILD_DIR:-build} (Release with debug info, warnings as errors).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TIDEMARK_BUILD_DIR:-$root/build}
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTIDEMARK_WERROR=ON >/dev/null
cmake --build "$build" -j "$(nproc)"
