#!/bin/bash
# Renders manual pages with man-db and groff and fails on any warning; checks that tidemark-cli's page has a
# section for every command the program lists and tidemark's page an entry for every option of its --help.
# Usage: check_manpages.sh TIDEMARK TIDEMARK_CLI PAGE.1.gz...
set -euo pipefail
gui=${1:?usage: check_manpages.sh TIDEMARK TIDEMARK_CLI PAGE.1.gz...}
cli=${2:?usage: check_manpages.sh TIDEMARK TIDEMARK_CLI PAGE.1.gz...}; shift 2
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v man >/dev/null || fail "man is missing (apt-get install man-db groff-base)"
for page in "$@"; do
  [ "$(head -c2 "$page" | od -An -tx1 | tr -d ' ')" = 1f8b ] || fail "$page is not gzip-compressed"
  warnings=$( { MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings=all -l "$page" >/dev/null; } 2>&1)
  [ -z "$warnings" ] || fail "man -l $page warns: $warnings"
  text=$(MANWIDTH=80 LC_ALL=C.UTF-8 man -l "$page" 2>/dev/null)
  grep -q "^NAME" <<<"$text" || fail "$page has no NAME section"
  grep -q "^OPTIONS\|^COMMANDS" <<<"$text" || fail "$page has neither OPTIONS nor COMMANDS"
  echo "ok: $page renders without warnings ($(wc -l <<<"$text") lines)"
  case "$page" in
  *tidemark.1.gz)
    options=$(QT_QPA_PLATFORM=offscreen "$gui" --help | grep -o '^  \(-[a-z], \)\?--[a-z-]*')
    [ -n "$options" ] || fail "tidemark --help lists no option"
    while read -r option; do
      grep -q -- "^       $option\b" <<<"$text" || fail "$page has no entry for $option"
    done <<<"$options"
    echo "ok: an entry for each of $(wc -l <<<"$options") options of tidemark --help"
    ;;
  *tidemark-cli.1.gz)
    # Every command of the overview is a section, with its options and the exit codes.
    commands=$("$cli" --help | sed -n 's/^  \([a-z-]* [a-z-]*\)  .*/\1/p')
    [ -n "$commands" ] || fail "tidemark-cli --help lists no command"
    while read -r command; do
      section=$(awk -v c="   $command" '$0 == c {p=1; next} /^   [a-z]/ && p {exit} p' <<<"$text")
      [ -n "$section" ] || fail "no section for '$command' in $page"
      grep -q -- "--json" <<<"$section" || fail "the section of '$command' lists no options"
      grep -q "Exit status" <<<"$section" || fail "the section of '$command' has no exit status"
    done <<<"$commands"
    grep -q "Settings read: MOWDECK_TELEMETRY_POSITIONS_DETAIL_DAYS" <<<"$text" || fail "no settings"
    # What the packaged timers run: positions round --metrics-file, tracks retain with its file's setting.
    section=$(awk '$0 == "   tracks retain" {p=1; next} /^   [a-z]/ && p {exit} p' <<<"$text")
    for word in --sqlite --dry-run GPS_TRACKS_RETENTION_YEARS GPS_TRACKS_DB_PATH; do
      grep -q -- "$word" <<<"$section" || fail "the section of 'tracks retain' does not mention $word"
    done
    section=$(awk '$0 == "   positions round" {p=1; next} /^   [a-z]/ && p {exit} p' <<<"$text")
    grep -q -- "--metrics-file" <<<"$section" || fail "the section of 'positions round' has no --metrics-file"
    echo "ok: a section for each of $(wc -l <<<"$commands") commands"
    ;;
  esac
done
echo PASS
