#!/usr/bin/env bash
# A tournament run by the operator's commands beside a live server: --new-tournament makes a round robin
# of DM matches in the server's database while the server runs (it notices within a second), three bots
# enter it by name (--enter), --start-tournament starts it from the command line, the server pairs and
# plays every round (one bye a round with three players), and --standings prints the table while it runs
# and says `final` once every match is over. Easy bots with a short think: the whole event takes seconds.
source "$(dirname "$0")/lib.bash"
sock="$WORK/lobby.sock" db="$WORK/server.db"
pids=()
trap '[ ${#pids[@]} -eq 0 ] || kill -9 "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT

# The flags that go with another: refused with the reason, before anything is touched.
out=$("$MAIN" --format knockout 2>&1) && fail "--format alone was taken"
expect_contains "--format alone" "$out" "--format goes with --new-tournament"
out=$("$MAIN" --enter autumn-dm 2>&1) && fail "--enter alone was taken"
expect_contains "--enter alone" "$out" "--enter goes with --bot"
out=$("$MAIN" --db "$db" --standings autumn-dm 2>&1) && fail "--standings of a missing database"
expect_contains "no database yet" "$out" "--standings:"

"$MAIN" --serve --listen "unix:$sock" --db "$db" 2>"$WORK/server.log" &
pids+=($!)
# The socket may be there before the database is ready: the log says when it serves.
wait_for "the server" 20 grep -q "serving on" "$WORK/server.log"

# Made while the server runs: the server picks it up from the database.
"$MAIN" --db "$db" --new-tournament autumn-dm --format round-robin --dm --first draw --seed 7 \
    >"$WORK/new.txt" 2>"$WORK/new.err" || fail "--new-tournament: $(cat "$WORK/new.err")"
grep -q "tournament autumn-dm" "$WORK/new.txt" || fail "--new-tournament said: $(cat "$WORK/new.txt")"
wait_for "the server to see the tournament" 20 grep -q "autumn-dm) was made outside the server" "$WORK/server.log"
# A bad format and a bad first are refused; a second tournament of the same name too.
out=$("$MAIN" --db "$db" --new-tournament cup2 --format ladder 2>&1) && fail "a ladder was made"
expect_contains "--format ladder" "$out" "expected round-robin, swiss-N or knockout, not 'ladder'"
out=$("$MAIN" --db "$db" --new-tournament cup2 --first coin 2>&1) && fail "a coin was taken"
expect_contains "--first coin" "$out" "--first coin: schedule or draw"
"$MAIN" --db "$db" --new-tournament Autumn-DM --dm 2>"$WORK/dup.err" && fail "a name taken twice"
grep -q "named Autumn-DM already" "$WORK/dup.err" || fail "the duplicate said: $(cat "$WORK/dup.err")"
# Too few players to start.
"$MAIN" --db "$db" --start-tournament autumn-dm 2>"$WORK/early.err" && fail "started without players"
grep -q "two players at least" "$WORK/early.err" || fail "the early start said: $(cat "$WORK/early.err")"

# BobBot searches on two threads (--threads works for the bot as wherever the computer plays).
for bot in Ann Bob Cid; do
    threads=1
    [ "$bot" = Bob ] && threads=2
    "$MAIN" --bot "unix:$sock" --name "${bot}Bot" --level easy --think 0.05 --threads "$threads" \
        --enter autumn-dm 2>"$WORK/$bot.log" &
    pids+=($!)
done
joined() { [ "$(grep -Ec "tournament [0-9]+: [A-Za-z]+Bot joins" "$WORK/server.log")" -eq 3 ]; }
wait_for "three bots to enter" 30 joined

"$MAIN" --db "$db" --standings autumn-dm >"$WORK/before.txt" || fail "--standings before the start"
grep -q "open, not started" "$WORK/before.txt" || fail "the table before the start: $(cat "$WORK/before.txt")"
"$MAIN" --db "$db" --start-tournament autumn-dm >"$WORK/start.txt" 2>"$WORK/start.err" ||
    fail "--start-tournament: $(cat "$WORK/start.err")"
grep -q "starts with 3 players" "$WORK/start.txt" || fail "--start-tournament said: $(cat "$WORK/start.txt")"
wait_for "the server to start it" 20 grep -q "autumn-dm) starts with 3 players" "$WORK/server.log"

final() { "$MAIN" --db "$db" --standings autumn-dm >"$WORK/standings.txt" 2>/dev/null && grep -q "final" "$WORK/standings.txt"; }
wait_for "final standings" 120 final
cat "$WORK/standings.txt"
grep -q "(6 of 6 pairings decided)" "$WORK/standings.txt" ||
    fail "not every pairing decided: $(head -n 1 "$WORK/standings.txt")"
# Three matches were played (and three byes given): each bot played two, and each match is archived
# with the tournament.
for bot in Ann Bob Cid; do
    n=$(grep -c "match over" "$WORK/$bot.log")
    [ "$n" -eq 2 ] || fail "${bot}Bot finished $n matches, not 2"
    grep -q "enters tournament autumn-dm" "$WORK/$bot.log" || fail "${bot}Bot did not enter"
done
# Every bot is in the table with two matches played; the points add up to three matches and three byes.
for bot in Ann Bob Cid; do
    grep -Eq "^ +[123]  ${bot}Bot +[0-9.]+ +[0-9.]+ +2 " "$WORK/standings.txt" || fail "${bot}Bot's row: $(cat "$WORK/standings.txt")"
done
total=$(awk '/Bot/ {s += $3} END {print s}' "$WORK/standings.txt")
[ "$total" = 6 ] || fail "the points add up to $total, not 6 (3 matches and 3 byes)"
grep -q "^final: [A-Za-z]*Bot wins" "$WORK/standings.txt" || fail "no winner said"
grep -q "tournament autumn-dm is over" "$WORK/Ann.log" || fail "AnnBot was not told the end"
kill -TERM "${pids[@]}" 2>/dev/null
wait "${pids[@]}" 2>/dev/null || true
pids=()
echo "ok: $(grep '^final' "$WORK/standings.txt")"
