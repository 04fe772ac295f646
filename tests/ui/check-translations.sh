#!/usr/bin/env bash
# Fails when a translation misses a string of the sources: runs lupdate on a copy of each .ts file with the
# sources listed in $2 (include folders: translated-folders.lst beside it) and counts unfinished entries.
set -euo pipefail
lupdate=$1 list=$2; shift 3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
status=0
for ts in "$@"; do
    cp "$ts" "$tmp/"
    copy="$tmp/$(basename "$ts")"
    includes=()
    while read -r folder; do [ -n "$folder" ] && includes+=(-I "$folder"); done < "$(dirname "$list")/translated-folders.lst"
    "$lupdate" -silent -no-obsolete -locations none "${includes[@]}" "@$list" -ts "$copy" >/dev/null
    missing=$(grep -c 'type="unfinished"' "$copy" || true)
    if [ "$missing" != 0 ]; then
        echo "$(basename "$ts"): $missing string(s) without a translation:"
        grep -B3 'type="unfinished"' "$copy" | grep '<source>' | sed 's/^ */  /'
        status=1
    fi
done
[ $status = 0 ] && echo "translations complete: $*"
exit $status
