#!/bin/bash
# Builds the DEB with CPack in the build folder, checks its contents and dependencies, and validates the
# .desktop file and the AppStream metainfo it installs. Usage: test_package.sh BUILD_DIR
set -euo pipefail
build=${1:?usage: test_package.sh BUILD_DIR}
out="$build/package-test"
id=org.tidemark.Tidemark

fail() { echo "FAIL: $*" >&2; exit 1; }
for tool in cpack dpkg-deb dpkg-shlibdeps desktop-file-validate appstreamcli; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install dpkg-dev desktop-file-utils appstream)"
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
echo "contents: both binaries, .desktop, metainfo, icons"

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
echo "PASS"
