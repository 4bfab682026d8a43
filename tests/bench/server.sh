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
# measures the server rather than the neighbours' compilers; the line says so); RT=N in the real-time
# class instead (tests/bench/lib.bash).
# The server runs with every limit as it ships (no --per-address): the load comes from many loopback
# addresses, PER_ADDRESS matches an address (4), as real players come from many, and waits at the limits
# per address as a client is told to. FIRST_TO (9) and REMATCH=yes (matches that end go back to the
# lobby: a seek posted and withdrawn, a rematch) make the lobby part of the load (tests/cli/bench_limits.sh).
BENCH=bench-server
source "$(dirname "$0")/lib.bash"
matches=${1:-1000} seconds=${2:-30} interval=${3:-3} server_cpus=${4:-} load_cpus=${5:-}

bench_descriptors "$matches"
bench_nice
bench_server "$server_cpus"
echo "bench-server: $matches matches for $seconds s, a move every $interval s a match (the server: pid $server, 127.0.0.1:$port${server_cpus:+, CPU $server_cpus}${load_cpus:+, the load on CPU $load_cpus}$(bench_priority))"
status=0
(pin "$load_cpus" "$LOAD" "127.0.0.1:$port" matches "$matches" --pid "$server" --interval "$interval" \
    --seconds "$seconds" --lobbies "${LOBBIES:-auto}" --per-address "${PER_ADDRESS:-4}" --first-to "${FIRST_TO:-9}" \
    --rematch "${REMATCH:-no}" ${SETTLE:+--settle "$SETTLE"}) || status=$?
[ $status -eq 0 ] || bench_last_words
exit $status
