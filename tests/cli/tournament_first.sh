#!/usr/bin/env bash
# The operator chooses who starts a match of a tournament beside a live server (--tournament-first NAME
# --starter PLAYER --against OPPONENT): refused with the reason for a player not in it, a player against
# themselves, a missing flag, a match that has started, a tournament that is over; taken before the
# start, and the server plays White as chosen (not as the schedule says); --standings shows the
# head-to-head column. BobBot is away when the match starts (the long grace keeps it waiting), so the
# refusal after the start is no race with the bots' play; he comes back and the match is played out.
source "$(dirname "$0")/lib.bash"
sock="$WORK/lobby.sock" db="$WORK/server.db"
pids=()
trap '[ ${#pids[@]} -eq 0 ] || kill -9 "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT

# Its flags go with it only, and it needs both.
out=$("$MAIN" --starter Ann 2>&1) && fail "--starter alone was taken"
expect_contains "--starter alone" "$out" "--starter goes with --tournament-first"
out=$("$MAIN" --db "$db" --tournament-first cup --starter Ann 2>&1) && fail "--tournament-first without --against"
expect_contains "no --against" "$out" "--tournament-first cup needs --starter PLAYER and --against OPPONENT"
out=$("$MAIN" --db "$db" --tournament-first cup --starter Ann --against Bob --dm 2>&1) && fail "--dm was taken"
expect_contains "--dm with it" "$out" "--dm cannot be combined with --tournament-first"

"$MAIN" --serve --listen "unix:$sock" --db "$db" --grace 10m 2>"$WORK/server.log" &
pids+=($!)
# The socket may be there before the database is ready: the log says when it serves.
wait_for "the server" 20 grep -q "serving on" "$WORK/server.log"
"$MAIN" --db "$db" --new-tournament first-cup --format round-robin >/dev/null 2>"$WORK/new.err" ||
    fail "--new-tournament: $(cat "$WORK/new.err")"
bot() {
    "$MAIN" --bot "unix:$sock" --name "${1}Bot" --level easy --think 0.05 --enter first-cup 2>"$WORK/$1.log" &
    pids+=($!)
}
bot Ann
bot Bob
bob=$!
joined() { [ "$(grep -Ec "tournament [0-9]+: [A-Za-z]+Bot joins" "$WORK/server.log")" -eq 2 ]; }
wait_for "two bots to enter" 30 joined
# BobBot goes away: his match will wait for him.
kill -9 "$bob"
wait "$bob" 2>/dev/null || true
wait_for "BobBot to leave the lobby" 30 grep -q "lobby: BobBot left" "$WORK/server.log"

# What cannot be chosen, and why.
out=$("$MAIN" --db "$db" --tournament-first first-cup --starter AnnBot --against Zed 2>&1) && fail "Zed was taken"
expect_contains "a stranger" "$out" "gobblet: --tournament-first first-cup: Zed is not a player of tournament first-cup"
out=$("$MAIN" --db "$db" --tournament-first first-cup --starter AnnBot --against annbot 2>&1) && fail "Ann against Ann"
expect_contains "one player" "$out" "a match is between two players"
out=$("$MAIN" --db "$db" --tournament-first no-such --starter AnnBot --against BobBot 2>&1) && fail "no-such was taken"
expect_contains "no tournament" "$out" "no such tournament"
# The schedule gives the first joiner, AnnBot, White: the operator gives it to BobBot.
out=$("$MAIN" --db "$db" --tournament-first first-cup --starter bobbot --against AnnBot 2>&1) ||
    fail "the choice was refused: $out"
expect_contains "the choice" "$out" "tournament first-cup: BobBot plays White in round 1 of the match against AnnBot"

"$MAIN" --db "$db" --start-tournament first-cup >/dev/null 2>"$WORK/start.err" || fail "--start-tournament: $(cat "$WORK/start.err")"
wait_for "the match to start" 20 grep -q "starts: [A-Za-z]*Bot (white) against" "$WORK/server.log"
grep -q "starts: BobBot (white) against AnnBot" "$WORK/server.log" ||
    fail "not as chosen: $(grep 'starts:' "$WORK/server.log")"
# Once it has started, the loser of each round chooses: the operator no longer does.
out=$("$MAIN" --db "$db" --tournament-first first-cup --starter AnnBot --against BobBot 2>&1) && fail "chosen after the start"
expect_contains "started" "$out" "the match between AnnBot and BobBot has started"
"$MAIN" --db "$db" --standings first-cup >"$WORK/during.txt" || fail "--standings during the match"
grep -q "points  head-to-head  played" "$WORK/during.txt" || fail "no head-to-head column: $(cat "$WORK/during.txt")"
# BobBot comes back: he is given his match at the login, as White.
bot Bob
wait_for "BobBot to play White" 30 grep -q "playing white" "$WORK/Bob.log"

final() { "$MAIN" --db "$db" --standings first-cup >"$WORK/standings.txt" 2>/dev/null && grep -q "final" "$WORK/standings.txt"; }
wait_for "final standings" 120 final
cat "$WORK/standings.txt"
# Two players, one match: a winner's point is level with nobody (head to head 0); a drawn match leaves
# them level on half a point, which each took from the other (0.5).
row=$(grep -E "^ +1  [A-Za-z]+Bot " "$WORK/standings.txt")
case "$(awk '{print $3, $4, $5}' <<<"$row")" in
    "1 0 1" | "0.5 0.5 1") ;;
    *) fail "the first row's points, head to head and played: $row" ;;
esac
out=$("$MAIN" --db "$db" --tournament-first first-cup --starter AnnBot --against BobBot 2>&1) && fail "chosen when over"
expect_contains "over" "$out" "tournament first-cup is over"
kill -TERM "${pids[@]}" 2>/dev/null
wait "${pids[@]}" 2>/dev/null || true
pids=()
echo "ok: $(grep 'starts:' "$WORK/server.log")"
