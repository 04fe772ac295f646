#!/usr/bin/env bash
# A throwaway Citus cluster for tests: a coordinator and two workers (PostgreSQL 15 with Citus 12.1), all on
# 127.0.0.1, all state under DIR, owned by an unprivileged user (postgres when running as root).
#   scripts/test-citus.sh build             builds Citus from tests/vendor (or $TIDEMARK_CITUS_SOURCE) and
#                                           installs it into PostgreSQL 15's folders, unless citus.so is there
#   scripts/test-citus.sh start DIR [PORT]  builds, starts the three servers on PORT (default 57432) and the next
#                                           two free ports, writes DIR/conninfo (the coordinator's libpq
#                                           conninfo, without dbname) and DIR/workers (the workers' ports,
#                                           space-separated) and prints the conninfo
#   scripts/test-citus.sh stop DIR          stops the three servers and removes DIR
# Building needs the Debian packages postgresql-server-dev-15 libkrb5-dev liblz4-dev libzstd-dev
# libcurl4-openssl-dev, and root (or sudo) for `make install`. The nodes join a cluster per database:
# tests/support/testcitus.cpp copies each test database from a template holding the extension (made in the
# cluster on first use) and adds the workers to it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=/usr/lib/postgresql/15/bin
nodes=(coordinator worker1 worker2)

free_port() {
    local port=$1
    while (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
    echo "$port"
}

build() {
    local pkglibdir source
    pkglibdir=$("$bin/pg_config" --pkglibdir)
    [ -e "$pkglibdir/citus.so" ] && return 0
    source=${TIDEMARK_CITUS_SOURCE:-$root/tests/vendor/citus-12.1.12.tar.gz}
    [ -f "$source" ] || { echo "test-citus: $source not found" >&2; exit 1; }
    # Two test runs starting at once build once: the second waits for the lock, then finds citus.so. The
    # lock lives in a subshell so that the servers started afterwards do not inherit it.
    (
        flock 9
        [ -e "$pkglibdir/citus.so" ] && exit 0
        tmp=$(mktemp -d "${TMPDIR:-/tmp}/tidemark-citus-build.XXXXXX")
        sudo_cmd=()
        [ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)
        echo "test-citus: building Citus from $source (about 2 minutes of CPU)" >&2
        if ! (
            tar -xzf "$source" -C "$tmp" --strip-components=1 && cd "$tmp" &&
                ./configure --with-pg-config="$bin/pg_config" && make -j2 && "${sudo_cmd[@]}" make install
        ) >"$tmp/build.log" 2>&1 9>&-; then
            echo "test-citus: building Citus failed; the end of its log:" >&2
            tail -n 60 "$tmp/build.log" >&2
            rm -rf "$tmp"
            exit 1
        fi
        rm -rf "$tmp"
        echo "test-citus: Citus installed into $pkglibdir" >&2
    ) 9>"${TMPDIR:-/tmp}/tidemark-citus-build-$(id -u).lock"
}

# A conninfo value, quoted when it has to be.
conninfo_value() {
    if [[ $1 =~ [[:space:]\'\\] ]]; then
        local v=${1//\\/\\\\}
        printf "'%s'" "${v//\'/\\\'}"
    else
        printf '%s' "$1"
    fi
}

# Runs a command as the servers' owner.
as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

start() {
    local dir=$1 port=${2:-57432}
    [[ $port =~ ^[0-9]+$ ]] || { echo "test-citus: PORT must be a number, not $port" >&2; exit 2; }
    if [ -e "$dir/conninfo" ] || [ -e "$dir/nodes" ]; then
        echo "test-citus: $dir already holds a cluster" >&2
        exit 2
    fi
    build
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    # The servers' owner must be able to enter DIR; their own folder (DIR/nodes) is theirs alone.
    chmod 0711 "$dir"
    if ! as_owner test -x "$dir"; then
        echo "test-citus: the servers' owner ($(as_owner id -un)) cannot enter $dir: a folder above it is closed" >&2
        exit 1
    fi
    mkdir -m 0700 "$dir/nodes"
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir/nodes"
    local ports=() p=$port node i
    for node in "${nodes[@]}"; do
        p=$(free_port "$p")
        ports+=("$p")
        p=$((p + 1))
    done
    local pw
    pw=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
    # The servers' pgpass: how the nodes reach each other as tidemark (Citus connects with libpq, which
    # reads PGPASSFILE from the server's environment). initdb reads the password from a file of its own.
    (
        umask 077
        printf '%s\n' "$pw" >"$dir/nodes/pw"
        printf '127.0.0.1:*:*:tidemark:%s\n' "$pw" >"$dir/nodes/pgpass"
    )
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir/nodes/pw" "$dir/nodes/pgpass"
    for i in "${!nodes[@]}"; do
        node=${nodes[$i]}
        as_owner "$bin/initdb" -D "$dir/nodes/$node" -U tidemark --auth=scram-sha-256 --pwfile="$dir/nodes/pw" \
            -E UTF8 --locale=C.UTF-8 >"$dir/nodes/$node.initdb.log" 2>&1 ||
            { cat "$dir/nodes/$node.initdb.log" >&2; exit 1; }
        # citus.enable_statistics_collection: built with libcurl, Citus would send usage reports to
        # reports.citusdata.com; a test server stays off the network.
        as_owner tee -a "$dir/nodes/$node/postgresql.conf" >/dev/null <<CONF
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
port = ${ports[$i]}
shared_preload_libraries = 'citus'
citus.enable_statistics_collection = off
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 128MB
max_connections = 200
# Citus runs a maintenance worker per database, and the tests create a database each.
max_worker_processes = 64
CONF
    done
    rm -f "$dir/nodes/pw"
    for node in "${nodes[@]}"; do
        if ! as_owner env PGPASSFILE="$dir/nodes/pgpass" "$bin/pg_ctl" -D "$dir/nodes/$node" \
            -l "$dir/nodes/$node.log" -w -t 60 start >/dev/null; then
            echo "test-citus: the $node did not start; the end of its log:" >&2
            tail -n 30 "$dir/nodes/$node.log" >&2
            exit 1
        fi
        # The postmaster's PID, for `stop` when pg_ctl cannot stop it.
        head -n 1 "$dir/nodes/$node/postmaster.pid" >"$dir/$node.pid"
    done
    (umask 077 && printf '127.0.0.1:*:*:tidemark:%s\n' "$pw" >"$dir/pgpass")
    printf 'host=127.0.0.1 port=%s user=tidemark passfile=%s\n' "${ports[0]}" "$(conninfo_value "$dir/pgpass")" \
        >"$dir/conninfo"
    printf '%s %s\n' "${ports[1]}" "${ports[2]}" >"$dir/workers"
    cat "$dir/conninfo"
}

stop() {
    local dir=$1 node pid
    [ -d "$dir" ] || return 0
    dir=$(cd "$dir" && pwd)
    for node in "${nodes[@]}"; do
        [ -f "$dir/nodes/$node/PG_VERSION" ] || continue
        as_owner "$bin/pg_ctl" -D "$dir/nodes/$node" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
    done
    for node in "${nodes[@]}"; do
        [ -f "$dir/$node.pid" ] || continue
        pid=$(cat "$dir/$node.pid")
        # Only the postmaster of this folder (the PID may have been reused since), with its children: each
        # runs in a process group of its own.
        if grep -qF -- "$dir/nodes/$node" "/proc/$pid/cmdline" 2>/dev/null; then
            # shellcheck disable=SC2046
            kill -9 "$pid" $(pgrep -P "$pid") 2>/dev/null || true
        fi
    done
    rm -rf "$dir"
}

case "${1:-}" in
build) [ $# -eq 1 ] || { echo "usage: $0 build" >&2; exit 2; }; build ;;
start)
    [ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: $0 start DIR [PORT]" >&2; exit 2; }
    start "$2" "${3:-57432}" ;;
stop) [ $# -eq 2 ] || { echo "usage: $0 stop DIR" >&2; exit 2; }; stop "$2" ;;
*) echo "usage: $0 build | start DIR [PORT] | stop DIR" >&2; exit 2 ;;
esac
