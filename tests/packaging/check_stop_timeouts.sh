#!/usr/bin/env bash
# Each systemd unit gives a stopped run room for its unit in flight: TimeoutStopSec above the grace that
# tidemark-cli --help states (after which the command stops at once by itself), with 15 s to spare.
set -euo pipefail
cli=$1
units=$2
grace=$("$cli" --help | sed -n 's/.*unit in flight (at most \([0-9]*\) s.*/\1/p')
[ -n "$grace" ] || { echo "tidemark-cli --help states no stop grace" >&2; exit 1; }
status=0
for unit in "$units"/*.service; do
    timeout=$(sed -n 's/^TimeoutStopSec=\([0-9]*\)$/\1/p' "$unit")
    if [ -z "$timeout" ]; then
        echo "$(basename "$unit"): no TimeoutStopSec (systemd's default may be shorter than a unit)" >&2
        status=1
    elif [ "$timeout" -lt $((grace + 15)) ]; then
        echo "$(basename "$unit"): TimeoutStopSec=$timeout leaves no room for the ${grace} s grace" >&2
        status=1
    fi
done
exit $status
