#!/usr/bin/env bash
# make bench-server: the server under N concurrent matches (docs/server.md, "Measurements"). Starts
# ./main --serve on a fresh database in a temporary directory, on a free loopback port, and one load
# program (build/lobby-load matches: one process with every connection) that plays the matches at a
# steady pace with a spectator each while the server commits every move. The last line is the summary:
#   server: N concurrent matches, M moves relayed, p50 X ms, p99 Y ms, RSS Z MiB
# Usage: tests/bench/server.sh MATCHES SECONDS INTERVAL [SERVER_CPUS LOAD_CPUS]
# (INTERVAL: seconds between two moves of one match; the CPU lists pin the two with taskset, "" for none.)
# LOBBIES=keep|close|auto in the environment: whether the players keep their lobby connections while
# they play (lobby-load's --lobbies; auto: when the descriptor limit allows).
# NICE=N in the environment runs both at that niceness (on a machine shared with other work, -10 as root
# measures the server rather than the neighbours' compilers; the line says so).
# The server runs with every limit as it ships (no --per-address): the load comes from many loopback
# addresses, PER_ADDRESS matches an address (4), as real players come from many, and waits at the limits
# per address as a client is told to. FIRST_TO (9) and REMATCH=yes (matches that end go back to the
# lobby: a seek posted and withdrawn, a rematch) make the lobby part of the load (tests/cli/bench_limits.sh).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
MAIN="${GOBBLET_BIN:-$ROOT/main}"
LOAD="${GOBBLET_LOBBY_LOAD:-$ROOT/build/lobby-load}"
matches=${1:-1000} seconds=${2:-30} interval=${3:-3} server_cpus=${4:-} load_cpus=${5:-}
work=$(mktemp -d)
server=
trap '[ -z "$server" ] || kill "$server" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"' EXIT
export XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"

# Every connection is a descriptor on both sides: 5 a match while the players keep their lobby
# connections, 3 when they close them once the matches start (LOBBIES=keep|close|auto, the load
# program's --lobbies; auto closes them only when 5 a match do not fit). Raise the limit where we may.
lobbies=${LOBBIES:-auto}
need=$((5 * matches + 1000))
if [ "$(ulimit -Hn)" != unlimited ] && [ "$(ulimit -Hn)" -lt "$need" ]; then
    if ! ulimit -Hn "$need" 2>/dev/null; then
        least=$((3 * matches + 200))
        if [ "$lobbies" = keep ] || [ "$(ulimit -Hn)" -lt "$least" ]; then
            echo "bench-server: the descriptor limit is $(ulimit -Hn) and cannot be raised here: $matches matches need $need (5 a match), or $least with LOBBIES=close (3 a match); raise the hard limit (ulimit -Hn as root, the container's nofile) or ask for fewer" >&2
            exit 1
        fi
        echo "bench-server: the descriptor limit is $(ulimit -Hn) (5 a match would need $need): the players close their lobby connections once the matches start" >&2
    fi
fi
ulimit -n "$(ulimit -Hn)"
# pin CPUS COMMAND...: becomes COMMAND, on those CPUs or anywhere (so that `pin ... &` gives its pid in $!).
pin() { if [ -n "$1" ]; then exec taskset -c "$@"; else shift; exec "$@"; fi; }

if [ -n "${NICE:-}" ]; then
    renice -n "$NICE" -p $$ >/dev/null || { echo "bench-server: cannot run at nice $NICE" >&2; exit 1; }
fi
pin "$server_cpus" "$MAIN" --serve --listen 127.0.0.1:0 --db "$work/server.db" 2>"$work/server.log" &
server=$!
for _ in $(seq 100); do grep -q "serving on" "$work/server.log" && break; sleep 0.1; done
port=$(sed -n 's/.*serving on 127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$work/server.log")
[ -n "$port" ] || { cat "$work/server.log" >&2; echo "bench-server: the server did not start" >&2; exit 1; }
echo "bench-server: $matches matches for $seconds s, a move every $interval s a match (the server: pid $server, 127.0.0.1:$port${server_cpus:+, CPU $server_cpus}${load_cpus:+, the load on CPU $load_cpus}${NICE:+, both at nice $NICE})"
status=0
(pin "$load_cpus" "$LOAD" "127.0.0.1:$port" matches "$matches" --pid "$server" --interval "$interval" \
    --seconds "$seconds" --lobbies "$lobbies" --per-address "${PER_ADDRESS:-4}" --first-to "${FIRST_TO:-9}" \
    --rematch "${REMATCH:-no}" ${SETTLE:+--settle "$SETTLE"}) || status=$?
if [ $status -ne 0 ]; then
    echo "bench-server: the server's last words:" >&2
    tail -n 5 "$work/server.log" >&2
fi
exit $status
