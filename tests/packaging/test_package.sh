#!/bin/bash
# Builds the DEB with CPack in the build folder, checks its contents and dependencies, validates the
# .desktop file and the AppStream metainfo it installs, runs lintian on it (no error, no warning), verifies
# its systemd units, renders its manual pages, loads its bash completion, and installs, upgrades and purges
# it in a throwaway root. Usage: test_package.sh BUILD_DIR
set -euo pipefail
build=${1:?usage: test_package.sh BUILD_DIR}
out="$build/package-test"
id=org.tidemark.Tidemark

fail() { echo "FAIL: $*" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
for tool in cpack dpkg-deb dpkg-shlibdeps desktop-file-validate appstreamcli lintian systemd-analyze man; do
  command -v "$tool" >/dev/null ||
    fail "$tool is missing (apt-get install dpkg-dev desktop-file-utils appstream lintian systemd man-db)"
done

rm -rf "$out"
mkdir -p "$out"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$out" > "$out/cpack.log" 2>&1 || { cat "$out/cpack.log"; fail "cpack -G DEB"; }
shopt -s nullglob
debs=("$out"/*.deb)
[ ${#debs[@]} -eq 1 ] || fail "expected one .deb in $out, found ${#debs[@]}"
deb=${debs[0]}
echo "package: $deb"

listing=$(dpkg-deb -c "$deb")
for path in usr/bin/tidemark usr/bin/tidemark-cli \
            usr/share/applications/$id.desktop usr/share/metainfo/$id.metainfo.xml \
            usr/share/icons/hicolor/scalable/apps/$id.svg \
            usr/share/icons/hicolor/48x48/apps/$id.png usr/share/icons/hicolor/256x256/apps/$id.png; do
  grep -q " \./$path\$" <<<"$listing" || fail "$path is not in the package"
done
# The README and every guide of docs/ with its pictures, as the console has them built in.
docs=usr/share/doc/tidemark
grep -q " \./$docs/README.md\$" <<<"$listing" || fail "$docs/README.md is not in the package"
source_docs=$(cd "$here/../../docs" && ls -1 -- *.md images/* | sort)
[ -n "$source_docs" ] || fail "no guides in docs/"
while read -r guide; do
  grep -q " \./$docs/docs/$guide\$" <<<"$listing" || fail "$docs/docs/$guide is not in the package"
done <<<"$source_docs"
grep -q " \./$docs/docs/index.md\$" <<<"$listing" || fail "$docs/docs/index.md is not in the package"
echo "contents: both binaries, .desktop, metainfo, icons, README and $(wc -l <<<"$source_docs") guide file(s)"

depends=$(dpkg-deb -f "$deb" Depends)
for dep in libqt6sql6-psql libqt6sql6-sqlite libsqlite3-mod-spatialite postgresql-15 qt6-translations-l10n \
           libqt6widgets6 libpq5; do
  grep -q "$dep" <<<"$depends" || fail "Depends lacks $dep: $depends"
done
[ "$(dpkg-deb -f "$deb" Section)" = "database" ] || fail "Section is not database"
dpkg-deb -f "$deb" Maintainer | grep -q "@" || fail "no Maintainer"
echo "depends: $depends"

tree="$out/tree"
dpkg-deb -x "$deb" "$tree"
desktop-file-validate "$tree/usr/share/applications/$id.desktop" || fail "desktop-file-validate"
appstreamcli validate --no-net "$tree/usr/share/metainfo/$id.metainfo.xml" || fail "appstreamcli validate"
"$tree/usr/bin/tidemark-cli" --version >/dev/null || fail "the packaged tidemark-cli does not run"
grep -q '<project_license>Apache-2.0</project_license>' "$tree/usr/share/metainfo/$id.metainfo.xml" ||
  fail "the metainfo has no project_license"

# The changelog's newest entry is this version.
version=$(dpkg-deb -f "$deb" Version)
zcat "$tree/usr/share/doc/tidemark/changelog.gz" | head -1 | grep -q "^tidemark ($version) " ||
  fail "changelog.gz does not start with version $version"

# lintian: no error and no warning (overrides, each with its reason, are in packaging/debian).
lintian --fail-on error,warning --tag-display-limit 0 "$deb" > "$out/lintian.log" 2>&1 ||
  { cat "$out/lintian.log"; fail "lintian reports errors or warnings"; }
grep -E '^[EW]: ' "$out/lintian.log" && fail "lintian: errors or warnings"
echo "lintian: no error, no warning"

# Every unit as systemd would load it from the installed tree (binaries and manual pages included); the
# host's targets and slices are copied into the extracted tree, since the units' default dependencies need them.
units=("$tree"/lib/systemd/system/tidemark-*.{service,timer})
[ ${#units[@]} -eq 8 ] || fail "expected 8 units, found ${#units[@]}"
cp -n /lib/systemd/system/*.target /lib/systemd/system/*.slice "$tree/lib/systemd/system/"
(cd "$tree" && MANPATH="$tree/usr/share/man" SYSTEMD_LOG_COLOR=0 \
   systemd-analyze verify --root="$tree" "${units[@]#$tree/}") > "$out/units.log" 2>&1 ||
  { cat "$out/units.log"; fail "systemd-analyze verify"; }
[ ! -s "$out/units.log" ] || { cat "$out/units.log"; fail "systemd-analyze verify printed warnings"; }
for unit in "$tree"/lib/systemd/system/tidemark-*.service; do
  for key in User=tidemark ProtectSystem=strict NoNewPrivileges=yes PrivateTmp=yes StateDirectory=tidemark \
             EnvironmentFile=/etc/tidemark/; do
    grep -q "^$key" "$unit" || fail "$(basename "$unit") lacks $key"
  done
done
echo "units: ${#units[@]} verified"

# Each service runs a command the packaged tidemark-cli has, with options it accepts; the tracks service's
# command line (the only one that needs no database) runs for real on a fresh tracks file from its setting.
for unit in "$tree"/lib/systemd/system/tidemark-*.service; do
  name=$(basename "$unit")
  read -r -a words <<<"$(sed -n 's/^ExecStart=//p' "$unit")"
  [ "${words[0]}" = /usr/bin/tidemark-cli ] || fail "$name does not run /usr/bin/tidemark-cli: ${words[*]}"
  help=$("$tree/usr/bin/tidemark-cli" "${words[1]}" "${words[2]}" --help 2>&1) ||
    fail "$name runs '${words[1]} ${words[2]}', which the packaged tidemark-cli does not have: $help"
  for word in "${words[@]:3}"; do
    [[ $word == --* ]] || continue
    grep -qE -- "^  (-[a-z], )?$word( |\$)" <<<"$help" ||
      fail "$name passes $word, which '${words[1]} ${words[2]}' does not accept"
  done
  echo "ok: $name runs tidemark-cli ${words[*]:1}"
done
# systemd expands ${TIDEMARK_METRICS_FILE} from the unit's Environment= (or the env file); here a file of $out.
read -r -a words <<<"$(sed -n 's/^ExecStart=//p' "$tree/lib/systemd/system/tidemark-tracks-retain.service")"
words=("${words[@]//'${TIDEMARK_METRICS_FILE}'/$out/tracks.prom}")
"$tree/usr/bin/tidemark-cli" tracks init --sqlite "$out/gps_tracks.sqlite" >/dev/null || fail "tracks init"
retained=$(GPS_TRACKS_DB_PATH=$out/gps_tracks.sqlite "$tree/usr/bin/tidemark-cli" "${words[@]:1}" 2>&1) ||
  fail "the tracks service's command failed on a fresh file: $retained"
grep -q "^deleted 0 track(s)" <<<"$retained" || fail "the tracks service's command printed: $retained"
grep -qx "tidemark_tracks_retain_last_exit_code 0" "$out/tracks.prom" ||
  fail "the tracks service's command wrote no metrics to its --metrics-file"
echo "ok: the tracks service's command retains a fresh file named by GPS_TRACKS_DB_PATH, with its metrics"

bash "$here/check_manpages.sh" "$tree/usr/bin/tidemark" "$tree/usr/bin/tidemark-cli" "$tree"/usr/share/man/man1/tidemark{,-cli}.1.gz
bash "$here/check_completion.sh" "$tree/usr/share/bash-completion/completions/tidemark-cli"
bash "$here/check_dpkg_root.sh" "$deb"
echo "PASS"
