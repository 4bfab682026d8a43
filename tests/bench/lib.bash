# What the benchmark scripts share (tests/bench/server.sh, screen.sh, memory.sh; sourced, not run): the
# programs, a work folder of their own, the descriptor limit, niceness, CPU pinning and a server started
# on a fresh database on a free loopback port. BENCH names the script in its messages.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
MAIN="${GOBBLET_BIN:-$ROOT/main}"
LOAD="${GOBBLET_LOBBY_LOAD:-$ROOT/build/lobby-load}"
SCREEN="${GOBBLET_SCREEN_BENCH:-$ROOT/build/screen-bench}"
work=$(mktemp -d)
server=
# Every process a script starts in the background is ended with its server when the script ends.
bench_cleanup() {
    local p
    for p in $(jobs -pr); do kill "$p" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap bench_cleanup EXIT
export XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"

# bench_descriptors MATCHES: every connection is a descriptor on both sides: 5 a match while the players
# keep their lobby connections, 3 when they close them once the matches start (LOBBIES=keep|close|auto,
# the load program's --lobbies; auto closes them only when 5 a match do not fit). Raises the limit where
# it may, or says what it needs and fails.
bench_descriptors() {
    local matches=$1 lobbies=${LOBBIES:-auto} need least
    need=$((5 * matches + 1000))
    if [ "$(ulimit -Hn)" != unlimited ] && [ "$(ulimit -Hn)" -lt "$need" ]; then
        if ! ulimit -Hn "$need" 2>/dev/null; then
            least=$((3 * matches + 200))
            if [ "$lobbies" = keep ] || [ "$(ulimit -Hn)" -lt "$least" ]; then
                echo "$BENCH: the descriptor limit is $(ulimit -Hn) and cannot be raised here: $matches matches need $need (5 a match), or $least with LOBBIES=close (3 a match); raise the hard limit (ulimit -Hn as root, the container's nofile) or ask for fewer" >&2
                exit 1
            fi
            echo "$BENCH: the descriptor limit is $(ulimit -Hn) (5 a match would need $need): the players close their lobby connections once the matches start" >&2
        fi
    fi
    ulimit -n "$(ulimit -Hn)"
}

# pin CPUS COMMAND...: becomes COMMAND, on those CPUs or anywhere (so that `pin ... &` gives its pid in $!).
pin() { if [ -n "$1" ]; then exec taskset -c "$@"; else shift; exec "$@"; fi; }

# bench_nice: NICE=N in the environment runs this script and all it starts at that niceness; RT=N (as
# root) runs them in the real-time class instead (SCHED_FIFO at priority N, 1-99): on a machine shared with
# busy neighbours, the nearest this machine comes to a quiet one (the kernel still keeps 5% of each
# second for the others). The scripts' first lines say which.
bench_nice() {
    if [ -n "${NICE:-}" ]; then
        renice -n "$NICE" -p $$ >/dev/null || { echo "$BENCH: cannot run at nice $NICE" >&2; exit 1; }
    fi
    if [ -n "${RT:-}" ]; then
        chrt -f -p "$RT" $$ >/dev/null || { echo "$BENCH: cannot run in the real-time class (RT=$RT): root only" >&2; exit 1; }
    fi
}
# bench_priority: how the script runs, for its first line ("" at the default priority).
bench_priority() {
    if [ -n "${RT:-}" ]; then
        echo ", all in the real-time class (SCHED_FIFO $RT)"
    elif [ -n "${NICE:-}" ]; then
        echo ", all at nice $NICE"
    fi
}

# bench_server CPUS [FLAGS...]: ./main --serve on a fresh database in the work folder, on 127.0.0.1 and a
# port of the system's choosing (pinned to CPUS, "" for anywhere); sets $server (its pid) and $port.
bench_server() {
    local cpus=$1 log
    shift
    log="$work/server$((${#server_logs[@]} + 1)).log"
    server_logs+=("$log")
    pin "$cpus" "$MAIN" --serve --listen 127.0.0.1:0 --db "${log%.log}.db" "$@" 2>"$log" &
    server=$!
    for _ in $(seq 100); do grep -q "serving on" "$log" && break; sleep 0.1; done
    port=$(sed -n 's/.*serving on 127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$log")
    [ -n "$port" ] || { cat "$log" >&2; echo "$BENCH: the server did not start" >&2; exit 1; }
}
server_logs=()

# bench_server_stop: ends the last server started.
bench_server_stop() {
    kill "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
}

# bench_last_words: the end of the last server's log, for a run that failed.
bench_last_words() {
    echo "$BENCH: the server's last words:" >&2
    tail -n 5 "${server_logs[-1]}" >&2
}
