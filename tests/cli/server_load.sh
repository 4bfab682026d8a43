#!/usr/bin/env bash
# The server's load program, small (make bench-server is the big one, not part of make test): 5 matches
# with a spectator each for 2 s on a server of their own; moves are relayed, and the program's own check
# holds: every match's moves reached its two players and its spectator alike, in order (it exits 1 when
# not). The summary line is the one make bench-server ends with.
source "$(dirname "$0")/lib.bash"
LOAD=${GOBBLET_LOBBY_LOAD:-$ROOT/build/lobby-load}
[ -x "$LOAD" ] || fail "build/lobby-load is missing (make builds it with the unit tests)"
server=
trap '[ -z "$server" ] || kill -9 "$server" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT

"$MAIN" --serve --listen 127.0.0.1:0 --db "$WORK/server.db" 2>"$WORK/server.log" &
server=$!
for _ in $(seq 100); do grep -q "serving on" "$WORK/server.log" && break; sleep 0.1; done
port=$(sed -n 's/.*serving on 127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$WORK/server.log")
[ -n "$port" ] || fail "the server did not start: $(cat "$WORK/server.log")"

status=0
"$LOAD" "127.0.0.1:$port" matches 5 --pid "$server" --interval 0.2 --seconds 2 --settle 0 >"$WORK/out" 2>"$WORK/err" ||
    status=$?
expect_eq "lobby-load's status ($(cat "$WORK/err"))" "$status" 0
summary=$(tail -n 1 "$WORK/out")
[[ $summary =~ ^server:\ 5\ concurrent\ matches,\ ([0-9]+)\ moves\ relayed,\ p50\ [0-9.]+\ ms,\ p99\ [0-9.]+\ ms,\ RSS\ [0-9]+\ MiB$ ]] ||
    fail "the summary line: [$summary]"
relayed=${BASH_REMATCH[1]}
# 5 matches, a move every 0.2 s each for 2 s: about 50; far fewer means moves were lost or stuck.
[ "$relayed" -ge 10 ] || fail "only $relayed moves relayed: $(cat "$WORK/out")"
expect_contains "the load's report" "$(cat "$WORK/out")" "load: 5 matches (10 players, 5 spectators"
expect_eq "matches started on the server" "$(grep -c ' starts: ' "$WORK/server.log")" 5

# Players who close their lobby connections once the matches have started (what the load does when 5
# descriptors a match do not fit): the matches go on, on their game connections alone. A server of their
# own (the first run's guests still play there).
{
    kill -9 "$server"
    wait "$server" || true
} 2>/dev/null
"$MAIN" --serve --listen 127.0.0.1:0 --db "$WORK/server2.db" 2>"$WORK/server2.log" &
server=$!
for _ in $(seq 100); do grep -q "serving on" "$WORK/server2.log" && break; sleep 0.1; done
port=$(sed -n 's/.*serving on 127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$WORK/server2.log")
[ -n "$port" ] || fail "the second server did not start: $(cat "$WORK/server2.log")"
"$LOAD" "127.0.0.1:$port" matches 5 --pid "$server" --interval 0.2 --seconds 2 --settle 0 --lobbies close \
    >"$WORK/out2" 2>"$WORK/err2" || fail "lobby-load --lobbies close: $(cat "$WORK/err2")"
expect_contains "the load's report" "$(cat "$WORK/out2")" "15 connections while they play, 15 of them game connections"
expect_contains "what the load says of its descriptors" "$(cat "$WORK/err2")" "close their lobby connections"
[[ $(tail -n 1 "$WORK/out2") =~ ,\ ([0-9]+)\ moves\ relayed ]] || fail "the summary line: $(tail -n 1 "$WORK/out2")"
[ "${BASH_REMATCH[1]}" -ge 10 ] || fail "only ${BASH_REMATCH[1]} moves relayed: $(cat "$WORK/out2")"
