#!/bin/bash
# Loads a tidemark-cli bash completion script into a fresh bash and checks what it completes, as bash's
# programmable completion would after <TAB>. Usage: check_completion.sh COMPLETION_SCRIPT
set -euo pipefail
script=${1:?usage: check_completion.sh COMPLETION_SCRIPT}
fail() { echo "FAIL: $*" >&2; exit 1; }

# complete LINE: the words completion offers for LINE (its last word is the one being completed).
complete_line() {
  bash --norc --noprofile -c '
    source "$1" || exit 9
    spec=$(complete -p tidemark-cli) || exit 8
    [[ $spec == *"-F _tidemark_cli"* ]] || exit 7
    read -r -a COMP_WORDS <<<"$2"
    [[ $2 == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE=$2; COMP_POINT=${#2}
    _tidemark_cli tidemark-cli "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}"' _ "$script" "$1"
}
expect() { # LINE EXPECTED...: completion must offer exactly these words, in any order
  local line=$1; shift
  local got want
  got=$(complete_line "$line" | sort | tr '\n' ' ')
  want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
  [ "$got" = "$want" ] || fail "'$line<TAB>' offers '$got', expected '$want'"
  echo "ok: '$line<TAB>' -> $*"
}
contains() { # LINE WORD: completion must offer WORD among others
  local offered
  offered=$(complete_line "$1")
  grep -qx -- "$2" <<<"$offered" || fail "'$1<TAB>' does not offer $2: $(tr '\n' ' ' <<<"$offered")"
  echo "ok: '$1<TAB>' offers $2"
}

expect "tidemark-cli pos" positions
expect "tidemark-cli positions ro" round
expect "tidemark-cli completion " bash
expect "tidemark-cli schema migrate --dataset k" kudos
expect "tidemark-cli archive list --tier " currency statistics
expect "tidemark-cli archive in" init
contains "tidemark-cli positions round --" --metrics-file
contains "tidemark-cli positions round --" --db
contains "tidemark-cli positions round --" --dry-run
# The tracks commands (the tracks timer runs tracks retain).
expect "tidemark-cli tr" tracks
expect "tidemark-cli tracks re" retain
contains "tidemark-cli tracks " import
contains "tidemark-cli tracks " health
contains "tidemark-cli tracks retain --" --sqlite
contains "tidemark-cli tracks retain --" --dry-run
# No option of another command leaks in.
offered=$(complete_line "tidemark-cli positions status --")
grep -qx -- --metrics-file <<<"$offered" && fail "status offers --metrics-file"
# File arguments: a value of --metrics-file or --input completes to files of the folder.
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
touch "$dir/rows-2026.csv"
expect "tidemark-cli positions thin-file --input $dir/rows" "$dir/rows-2026.csv"
expect "tidemark-cli positions round --metrics-file $dir/r" "$dir/rows-2026.csv"
expect "tidemark-cli tracks retain --sqlite $dir/r" "$dir/rows-2026.csv"
# A list value (A,...) or a table name (SCHEMA.TABLE) is not a file.
expect "tidemark-cli tracks query --activity $dir/r"
echo PASS
