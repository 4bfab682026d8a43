#!/usr/bin/env bash
# make bench-screen: the time from Enter in one real lobby client to the move on the opponent's screen,
# while the same server carries bench-server's load (docs/server.md, "Enter to the other screen"). Starts
# ./main --serve on a fresh database on a free loopback port and build/lobby-load's MATCHES matches with
# a spectator each (a move every INTERVAL seconds a match, 3; PER_ADDRESS matches an address, 4, every
# limit on; tests/bench/server.sh's load); once they are set up and paced, two `./main --lobby` clients on
# pseudo-terminals of their own (build/screen-bench moves) meet in a casual match and play PLIES moves
# (200), GAP seconds apart (0.25), each timed from the write of Enter to the read that puts it on the
# other client's screen. Then the load stops (SIGUSR1) and reports what it measured meanwhile. The last
# line is the summary:
#   screen: N moves, Enter to the other screen: median X ms, p90 ... ms, p99 Y ms, worst Z ms
# Usage: tests/bench/screen.sh MATCHES [SERVER_CPUS LOAD_CPUS]
# NICE, RT, LOBBIES and SETTLE (the load's pauses before it reads the server's memory; 1 s here) as for
# tests/bench/server.sh; SAMPLES=1 prints every move's time.
BENCH=bench-screen
source "$(dirname "$0")/lib.bash"
matches=${1:-5000} server_cpus=${2:-} load_cpus=${3:-}
plies=${PLIES:-200} gap=${GAP:-0.25} interval=${INTERVAL:-3}

bench_descriptors "$matches"
bench_nice
bench_server "$server_cpus"
echo "bench-screen: $plies moves between two lobby clients while $matches matches move every $interval s each (the server: pid $server, 127.0.0.1:$port${server_cpus:+, CPU $server_cpus}${load_cpus:+, the load on CPU $load_cpus}$(bench_priority); load average $(cut -d' ' -f1-3 /proc/loadavg))"
# The load runs until told (SIGUSR1), or an hour at most.
(pin "$load_cpus" "$LOAD" "127.0.0.1:$port" matches "$matches" --pid "$server" --interval "$interval" \
    --seconds 3600 --lobbies "${LOBBIES:-auto}" --per-address "${PER_ADDRESS:-4}" --settle "${SETTLE:-1}") \
    >"$work/load.out" 2>"$work/load.err" &
load=$!
# Its set-up: as long as lobby-load gives it (60 s and 30 ms a match).
for _ in $(seq $(((60 + matches * 30 / 1000 + 10) * 10))); do
    grep -q "measuring for" "$work/load.err" && break
    kill -0 "$load" 2>/dev/null || break
    sleep 0.1
done
if ! grep -q "measuring for" "$work/load.err"; then
    cat "$work/load.err" >&2
    echo "bench-screen: the load did not start its paced part" >&2
    bench_last_words
    exit 1
fi
grep -v "measuring for" "$work/load.err" || true
sed -n 's/^lobby-load: \(.* set up in [^;]*\);.*/lobby-load: \1/p' "$work/load.err"
status=0
"$SCREEN" moves "127.0.0.1:$port" --plies "$plies" --gap "$gap" ${SAMPLES:+--samples} >"$work/screen.out" || status=$?
kill -USR1 "$load"
load_status=0
wait "$load" || load_status=$?
cat "$work/load.out"
if [ $load_status -ne 0 ]; then
    tail -n 3 "$work/load.err" >&2
    echo "bench-screen: the load failed" >&2
    status=1
fi
echo "bench-screen: load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
cat "$work/screen.out"
[ $status -eq 0 ] || bench_last_words
exit $status
