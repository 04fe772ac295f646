#!/usr/bin/env bash
# The demo command: installs what is missing, builds, brings up the embedded demo workspace (a private
# PostgreSQL cluster with generated data, a local archive folder and a demo gps_tracks.sqlite) and opens
# the console on it. `tidemark-cli demo down` stops the cluster afterwards.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TIDEMARK_BUILD_DIR:-$root/build}
"$root/scripts/build.sh"
"$build/app/cli/tidemark-cli" demo up "$@"
exec "$build/app/gui/tidemark" --demo
