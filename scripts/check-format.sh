#!/usr/bin/env bash
# Fails when a C++ file of the repository differs from what clang-format (.clang-format) makes of it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mapfile -t files < <(git ls-files '*.cpp' '*.h')
if ! clang-format --dry-run --Werror "${files[@]}" 2> >(head -40 >&2); then
    echo "clang-format: the files above are not formatted; run: clang-format -i \$(git ls-files '*.cpp' '*.h')" >&2
    exit 1
fi
echo "clang-format: ${#files[@]} files formatted"
