#!/usr/bin/env bash
# A throwaway S3 server for tests: one Ceph monitor, one memstore OSD and radosgw, all on 127.0.0.1, all
# state under DIR, no systemd. Every daemon writes its PID file under DIR/run; `stop` ends them by those PIDs.
#   scripts/test-rgw.sh start DIR PORT   prints "endpoint=http://127.0.0.1:PORT access=KEY secret=SECRET"
#   scripts/test-rgw.sh stop DIR         stops the daemons (radosgw first) and removes DIR
#   scripts/test-rgw.sh start-gateway DIR  starts radosgw again after it was stopped or killed (the monitor
#                                        and the OSD kept running, so buckets, users and objects are still there)
# Needs the Debian packages radosgw, ceph-mon, ceph-osd. Data lives in memory: a stopped server is empty.
set -euo pipefail

free_port() {
    local port=$1
    while (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
    echo "$port"
}

write_config() {
    local dir=$1 rgw_port=$2 mon_port=$3 fsid=$4
    cat >"$dir/ceph.conf" <<CONF
[global]
fsid = $fsid
mon host = [v2:127.0.0.1:$mon_port]
public addr = 127.0.0.1
cluster addr = 127.0.0.1
ms bind ipv6 = false
# Without crc the client side of radosgw retries auth error -13 for minutes.
ms mon client mode = crc
auth cluster required = none
auth service required = none
auth client required = none
auth supported = none
osd objectstore = memstore
memstore device bytes = 1073741824
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
# The monitor's store is a few MiB; a nearly full build disk must not stop a test server.
mon data avail crit = 0
mon data avail warn = 0
client mount timeout = 30
run dir = $dir/run
admin socket = $dir/run/\$name.asok
log file = $dir/log/\$name.log
pid file = $dir/run/\$name.pid
keyring = $dir/keyring
rgw enable usage log = false
[mon.a]
mon data = $dir/mon
[osd.0]
osd data = $dir/osd
[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:$rgw_port
rgw data = $dir/rgw
rgw dns name = 127.0.0.1
CONF
}

start_gateway() {
    local dir=$1 rgw_port=$2
    radosgw -c "$dir/ceph.conf" -n client.rgw.a 2>>"$dir/log/setup.log"
    for _ in $(seq 1 600); do
        (echo >"/dev/tcp/127.0.0.1/$rgw_port") 2>/dev/null && return 0
        sleep 0.1
    done
    echo "test-rgw: radosgw did not answer on 127.0.0.1:$rgw_port (logs in $dir/log)" >&2
    exit 1
}

start() {
    local dir=$1 rgw_port=$2
    [ -e "$dir/ceph.conf" ] && { echo "test-rgw: $dir already holds a server" >&2; exit 2; }
    mkdir -p "$dir"/{mon,osd,rgw,run,log}
    local mon_port fsid osd_uuid conf=(-c "$dir/ceph.conf")
    mon_port=$(free_port $((rgw_port + 1000)))
    fsid=$(cat /proc/sys/kernel/random/uuid)
    write_config "$dir" "$rgw_port" "$mon_port" "$fsid"
    ceph-authtool --create-keyring "$dir/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null
    monmaptool --create --addv a "[v2:127.0.0.1:$mon_port]" --fsid "$fsid" "$dir/monmap" >/dev/null
    ceph-mon "${conf[@]}" --mkfs -i a --monmap "$dir/monmap" --keyring "$dir/keyring" 2>>"$dir/log/setup.log"
    ceph-mon "${conf[@]}" -i a
    osd_uuid=$(cat /proc/sys/kernel/random/uuid)
    ceph "${conf[@]}" --connect-timeout 30 osd new "$osd_uuid" >/dev/null
    ceph-osd "${conf[@]}" -i 0 --mkfs --osd-uuid "$osd_uuid" 2>>"$dir/log/setup.log"
    ceph-osd "${conf[@]}" -i 0 2>>"$dir/log/setup.log"
    start_gateway "$dir" "$rgw_port"
    local access secret
    access=TM$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n' | tr a-f A-F)
    # A secret with '/' and '+' in it, as AWS secrets have.
    secret=$(head -c 30 /dev/urandom | base64 | tr -d '\n=')
    radosgw-admin "${conf[@]}" user create --uid=tidemark-test --display-name=tidemark-test \
        --access-key="$access" --secret-key="$secret" >/dev/null 2>>"$dir/log/setup.log"
    printf 'endpoint=http://127.0.0.1:%s access=%s secret=%s\n' "$rgw_port" "$access" "$secret" >"$dir/s3"
    chmod 0600 "$dir/s3"
    cat "$dir/s3"
}

stop() {
    local dir=$1 pids=() name pid
    [ -d "$dir" ] || return 0
    for name in client.rgw.a osd.0 mon.a; do
        [ -f "$dir/run/$name.pid" ] && pids+=("$(cat "$dir/run/$name.pid")")
    done
    # Each daemon takes about 2 s to exit on SIGTERM: signal all at once (radosgw first), wait up to 3 s, then
    # SIGKILL what is left. Memstore holds nothing worth a clean shutdown.
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for _ in $(seq 1 30); do
        local alive=0
        for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
        [ $alive -eq 0 ] && break
        sleep 0.1
    done
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null; done; true
    rm -rf "$dir"
}

case "${1:-}" in
start) [ $# -eq 3 ] || { echo "usage: $0 start DIR PORT" >&2; exit 2; }; start "$2" "$3" ;;
start-gateway)
    [ $# -eq 2 ] || { echo "usage: $0 start-gateway DIR" >&2; exit 2; }
    start_gateway "$2" "$(sed -n 's/^rgw frontends = .*endpoint=127.0.0.1:\([0-9]*\).*/\1/p' "$2/ceph.conf")" ;;
stop) [ $# -eq 2 ] || { echo "usage: $0 stop DIR" >&2; exit 2; }; stop "$2" ;;
*) echo "usage: $0 start DIR PORT | start-gateway DIR | stop DIR" >&2; exit 2 ;;
esac
