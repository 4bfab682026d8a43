#!/usr/bin/env bash
# make bench-server's run, small enough for make test and large enough to reach the server's limits per
# address (issue 37: a limit once broke the benchmark, and no test noticed). 200 matches from 25 loopback
# addresses, 8 matches an address, against a server with every limit as it ships: each address logs in 16
# players, opens 24 game connections (the limit lets 20 arrive at once) and, as each short match ends,
# posts a seek, withdraws it and offers a rematch (20 changes at once an address, then two a second). The
# load waits at each limit as a client is told to; a limit that refused it would end the run (status 1).
source "$(dirname "$0")/lib.bash"
export GOBBLET_BIN="$MAIN" GOBBLET_LOBBY_LOAD="${GOBBLET_LOBBY_LOAD:-$ROOT/build/lobby-load}"
[ -x "$GOBBLET_LOBBY_LOAD" ] || fail "build/lobby-load is missing (make builds it with the unit tests)"

status=0
PER_ADDRESS=8 FIRST_TO=1 REMATCH=yes SETTLE=0 LOBBIES=keep "$ROOT/tests/bench/server.sh" 200 12 0.2 \
    >"$WORK/out" 2>"$WORK/err" || status=$?
expect_eq "the benchmark's status ($(tail -n 5 "$WORK/err"))" "$status" 0
out=$(cat "$WORK/out")
[[ $(tail -n 1 "$WORK/out") =~ ^server:\ 200\ concurrent\ matches,\ ([0-9]+)\ moves\ relayed,\ p50\ [0-9.]+\ ms,\ p99\ [0-9.]+\ ms,\ RSS\ [0-9]+\ MiB$ ]] ||
    fail "the summary line: $(tail -n 1 "$WORK/out")"
[ "${BASH_REMATCH[1]}" -ge 1000 ] || fail "only ${BASH_REMATCH[1]} moves relayed: $out"
[[ $out =~ limits:\ 25\ loopback\ addresses\ \(8\ matches\ an\ address\)\;\ the\ load\ waited\ at\ the\ server\'s\ limits\ per\ address\ ([0-9]+)\ times\ for\ a\ game\ connection\ and\ ([0-9]+)\ times\ for\ a\ lobby\ change\;\ ([0-9]+)\ matches\ over,\ ([0-9]+)\ rematches\ offered ]] ||
    fail "the limits line: $out"
hellos=${BASH_REMATCH[1]} changes=${BASH_REMATCH[2]} over=${BASH_REMATCH[3]} rematches=${BASH_REMATCH[4]}
# Each limit was reached (the load had to wait at it), and the matches went round: over, and again.
[ "$hellos" -gt 0 ] || fail "the limit on game connections arriving was never reached: $out"
[ "$changes" -gt 0 ] || fail "the limit on changes was never reached: $out"
[ "$over" -ge 100 ] || fail "only $over matches ended: $out"
[ "$rematches" -ge 100 ] || fail "only $rematches rematches: $out"
