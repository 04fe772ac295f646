#!/bin/bash
# Installs a .deb into a throwaway root with dpkg --root, upgrades it over itself and purges it, without a
# container or chroot: --force-script-chrootless runs the maintainer scripts here with DPKG_ROOT set, and
# they create and remove the user inside the root (useradd/userdel --prefix). Needs root.
# Usage: check_dpkg_root.sh PACKAGE.deb
set -euo pipefail
deb=${1:?usage: check_dpkg_root.sh PACKAGE.deb}
fail() { echo "FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "SKIP: dpkg --root needs root"; exit 0; }

root=$(mktemp -d /tmp/tidemark-dpkg-root.XXXXXX)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/var/lib/dpkg/{info,updates,triggers} "$root"/var/log "$root"/etc
touch "$root"/var/lib/dpkg/{status,available}
printf 'root:x:0:0:root:/root:/bin/bash\n' > "$root/etc/passwd"
printf 'root:x:0:\n' > "$root/etc/group"
printf 'root:*:20000:0:99999:7:::\n' > "$root/etc/shadow"
printf 'root:*::\n' > "$root/etc/gshadow"
chmod 0640 "$root/etc/shadow" "$root/etc/gshadow"
cp /etc/login.defs "$root/etc/"
before=$(cd "$root" && find . -path ./var/lib/dpkg -prune -o -path ./var/log -prune -o -print | sort)
host_passwd=$(sha256sum /etc/passwd /etc/group)

dpkg_root() { dpkg --root="$root" --force-script-chrootless --force-depends --log=/dev/null "$@"; }
status() { dpkg-query --root="$root" -W -f='${db:Status-Status}' tidemark 2>/dev/null || echo not-installed; }

dpkg_root -i "$deb" >"$root.log" 2>&1 || { cat "$root.log"; fail "dpkg --root -i"; }
[ "$(status)" = installed ] || fail "status after install: $(status)"
for f in usr/bin/tidemark usr/bin/tidemark-cli usr/share/doc/tidemark/copyright usr/share/man/man1/tidemark-cli.1.gz \
         lib/systemd/system/tidemark-positions-round.timer etc/tidemark/positions.env; do
  [ -e "$root/$f" ] || fail "$f not installed"
done
[ "$(stat -c %a "$root/etc/tidemark/positions.env")" = 640 ] || fail "positions.env is not 0640"
user=$(grep '^tidemark:' "$root/etc/passwd") || fail "postinst made no tidemark user"
uid=$(cut -d: -f3 <<<"$user")
[ "$uid" -lt 1000 ] || fail "tidemark is not a system user: $user"
[[ $user == *:/var/lib/tidemark:/usr/sbin/nologin ]] || fail "tidemark's home or shell: $user"
[ "$(sha256sum /etc/passwd /etc/group)" = "$host_passwd" ] || fail "the host's /etc/passwd or /etc/group changed"
echo "ok: installed into $root, user $user"

# Upgrade over itself: a changed conffile is kept, the user is not made twice.
echo "PGHOST=db9.example" >> "$root/etc/tidemark/positions.env"
dpkg_root -i "$deb" >"$root.log" 2>&1 || { cat "$root.log"; fail "dpkg --root -i over itself"; }
[ "$(status)" = installed ] || fail "status after upgrade: $(status)"
grep -q '^PGHOST=db9.example$' "$root/etc/tidemark/positions.env" || fail "the upgrade lost the operator's change"
[ "$(grep -c '^tidemark:' "$root/etc/passwd")" = 1 ] || fail "the upgrade made a second tidemark user"
echo "ok: upgraded over itself, the changed conffile kept"

# Purge: nothing of the package is left, neither files nor the user.
mkdir -p "$root/var/lib/tidemark" && touch "$root/var/lib/tidemark/metrics.lock"
dpkg_root --purge tidemark >"$root.log" 2>&1 || { cat "$root.log"; fail "dpkg --root --purge"; }
[ "$(status)" = not-installed ] || fail "status after purge: $(status)"
grep -q '^tidemark:' "$root/etc/passwd" "$root/etc/group" && fail "purge left the tidemark user or group"
after=$(cd "$root" && find . -path ./var/lib/dpkg -prune -o -path ./var/log -prune -o -print | sort)
left=$(comm -13 <(echo "$before") <(echo "$after") | grep -v '^\./etc/\(passwd\|group\|shadow\|gshadow\)-$' || true)
[ -z "$left" ] || fail "purge left: $left"
rm -f "$root.log"
echo "ok: purged, nothing left"
echo PASS
