# Sourced by scripts/run-tests.sh: a throwaway PostgreSQL 15 cluster for the test run, owned by an
# unprivileged user (postgres when running as root), listening on a free port of 127.0.0.1 only.
# Exports TIDEMARK_TEST_PG, which tests/support/testpostgres.cpp uses to create one database per test.
start_test_postgres() {
    local state=$1 bin=/usr/lib/postgresql/15/bin port=56432 runas=()
    while (echo > /dev/tcp/127.0.0.1/$port) 2>/dev/null; do port=$((port + 1)); done
    if [ "$(id -u)" -eq 0 ]; then
        runas=(runuser -u postgres --)
        chown postgres "$state"
    fi
    local pw; pw=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
    printf '%s\n' "$pw" > "$state/pw"; chmod 0600 "$state/pw"
    [ "$(id -u)" -eq 0 ] && chown postgres "$state/pw"
    "${runas[@]}" "$bin/initdb" -D "$state/data" -U tidemark --auth=scram-sha-256 --pwfile="$state/pw" \
        -E UTF8 --locale=C.UTF-8 >/dev/null
    cat >> "$state/data/postgresql.auto.conf" <<CONF
listen_addresses = '127.0.0.1'
unix_socket_directories = ''
port = $port
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
shared_buffers = 512MB
work_mem = 32MB
maintenance_work_mem = 256MB
max_wal_size = 4GB
CONF
    "${runas[@]}" "$bin/pg_ctl" -D "$state/data" -l "$state/data/server.log" -w -t 60 start >/dev/null
    local passfile; passfile=$(mktemp /tmp/tidemark-ci-pgpass.XXXXXX)
    printf '127.0.0.1:%s:*:tidemark:%s\n' "$port" "$pw" > "$passfile"; chmod 0600 "$passfile"
    export TIDEMARK_TEST_PG="host=127.0.0.1 port=$port user=tidemark passfile=$passfile"
    export TIDEMARK_TEST_PG_PASSFILE=$passfile
    echo "tidemark: test PostgreSQL 15 on 127.0.0.1:$port"
}

stop_test_postgres() {
    local state=$1 runas=()
    [ "$(id -u)" -eq 0 ] && runas=(runuser -u postgres --)
    "${runas[@]}" /usr/lib/postgresql/15/bin/pg_ctl -D "$state/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$state" "${TIDEMARK_TEST_PG_PASSFILE:-/nonexistent}"
}
