#!/usr/bin/env bash
# kill -9 of the server in the middle of a game: nothing it announced is lost. Two bots play a rated game
# on a server listening on a unix socket; the server is killed mid-game, started again on the same
# database and socket, and both bots come back (their reconnection compares what they hold with what
# the server rebuilt from its facts, move by move: a lost move would refuse it) and finish the game.
# The facts committed at the kill are the first facts of the finished game.
source "$(dirname "$0")/lib.bash"
FIXTURE=${GOBBLET_STORE_FIXTURE:-$ROOT/build/store-fixture}
[ -x "$FIXTURE" ] || fail "build/store-fixture is missing (make builds it with the unit tests)"
sock="$WORK/lobby.sock" db="$WORK/server.db"
pids=()
trap '[ ${#pids[@]} -eq 0 ] || kill -9 "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT

moves_stored() { "$FIXTURE" "$db" --facts 1 2>/dev/null | grep -c '^move ' || true; }
six_moves() { [ "$(moves_stored)" -ge 6 ]; }

# (Both bots run as this user: a source the server is told many players share, where they play rated.)
"$MAIN" --serve --listen "unix:$sock" --db "$db" --shared-address "unix:uid=$(id -u)" 2>"$WORK/server1.log" &
server=$!
pids+=($server)
wait_for "the server" 20 test -S "$sock"
"$MAIN" --bot "unix:$sock" --name AlphaBot --level max --think 0.1 --seek "10m+5s bots" 2>"$WORK/alpha.log" &
pids+=($!)
"$MAIN" --bot "unix:$sock" --name BetaBot --level max --think 0.1 2>"$WORK/beta.log" &
pids+=($!)

wait_for "six moves" 60 six_moves
kill -9 "$server"
wait "$server" 2>/dev/null || true
alive=()
for p in "${pids[@]}"; do [ "$p" = "$server" ] || alive+=("$p"); done
pids=("${alive[@]}")
"$FIXTURE" "$db" --facts 1 >"$WORK/at-kill.txt" || fail "reading the facts after the kill"
grep -q '^% playing' "$WORK/at-kill.txt" || fail "the game was over before the kill: $(tail -n 1 "$WORK/at-kill.txt")"
committed=$(grep -c . "$WORK/at-kill.txt")

# The stale socket is replaced by the new server on the same database.
"$MAIN" --serve --listen "unix:$sock" --db "$db" --shared-address "unix:uid=$(id -u)" 2>"$WORK/server2.log" &
pids+=($!)
wait_for "the game rebuilt" 20 grep -q "games in progress: 1" "$WORK/server2.log"
wait_for "the end of the game" 120 grep -q "match over" "$WORK/beta.log"
wait_for "the end of the game" 20 grep -q "match over" "$WORK/alpha.log"
"$FIXTURE" "$db" --facts 1 >"$WORK/final.txt" || fail "reading the facts at the end"
grep -q '^% over ' "$WORK/final.txt" || fail "the game is not over: $(tail -n 1 "$WORK/final.txt")"
# Every fact committed at the kill is in the finished game, at its place.
expect_eq "the facts at the kill" "$(head -n $((committed - 1)) "$WORK/final.txt")" \
    "$(head -n $((committed - 1)) "$WORK/at-kill.txt")"
# Both bots came back (and their resynchronization found what they held in the server's game).
grep -q "game connection: .*; connecting again" "$WORK/alpha.log" || fail "AlphaBot did not reconnect"
! grep -q "saved games differ" "$WORK/alpha.log" "$WORK/beta.log" || fail "a bot held moves the server lost"
# The moves each bot saw, in order, are the stored game's moves from the start.
stored=$(grep '^move ' "$WORK/final.txt" | awk '{print $4}' | tr '\n' ' ')
for bot in alpha beta; do
    seen=$(grep "match over" "$WORK/$bot.log" | sed 's/.*; moves: //')
    case "$stored" in
    "$seen"*) ;;
    *) fail "$bot saw [$seen], the store holds [$stored]" ;;
    esac
done
kill -TERM "${pids[@]}" 2>/dev/null
wait "${pids[@]}" 2>/dev/null || true
pids=()
echo "ok: $committed facts at the kill, $(grep -c '^move ' "$WORK/final.txt") moves in the finished game"
