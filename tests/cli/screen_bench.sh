#!/usr/bin/env bash
# make bench-screen and make bench-memory, small (their speeds are never asserted: only that they run to
# the end and print their summary lines, so that neither can silently break). bench-screen: 5 matches of
# load, two lobby clients on pseudo-terminals of their own play 6 moves, each seen on the other's screen;
# bench-memory: the game's memory, 10 idle connections, 2 matches, 2 starts. And build/screen-bench's
# screen is the program's: a wait that cannot end shows the screen it read, board and footer.
source "$(dirname "$0")/lib.bash"
export GOBBLET_BIN="$MAIN" GOBBLET_LOBBY_LOAD="${GOBBLET_LOBBY_LOAD:-$ROOT/build/lobby-load}"
export GOBBLET_SCREEN_BENCH="${GOBBLET_SCREEN_BENCH:-$ROOT/build/screen-bench}"
for tool in "$GOBBLET_LOBBY_LOAD" "$GOBBLET_SCREEN_BENCH"; do
    [ -x "$tool" ] || fail "$tool is missing (make builds it with the unit tests)"
done
number='[0-9]+(\.[0-9]+)?'

status=0
PLIES=6 GAP=0.05 INTERVAL=0.2 SETTLE=0 "$ROOT/tests/bench/screen.sh" 5 >"$WORK/screen.out" 2>"$WORK/screen.err" ||
    status=$?
# (the reason last: the test's report keeps the end of what it printed)
expect_eq "bench-screen's status ($(tail -n 30 "$WORK/screen.err"); $(grep -m1 '^screen-bench: ' "$WORK/screen.err"))" \
    "$status" 0
summary=$(tail -n 1 "$WORK/screen.out")
[[ $summary =~ ^screen:\ 6\ moves,\ Enter\ to\ the\ other\ screen:\ median\ $number\ ms,\ p90\ $number\ ms,\ p99\ $number\ ms,\ worst\ $number\ ms$ ]] ||
    fail "bench-screen's summary line: [$summary]"
expect_contains "the load's report" "$(cat "$WORK/screen.out")" "load: 5 matches (10 players, 5 spectators"
grep -qE '^server: 5 concurrent matches, [0-9]+ moves relayed' "$WORK/screen.out" ||
    fail "the load's summary: $(cat "$WORK/screen.out")"

status=0
RUNS=2 IDLE=10 MATCHES=2 PLIES=60 PAUSE=0.2 SETTLE=0 "$ROOT/tests/bench/memory.sh" >"$WORK/memory.out" \
    2>"$WORK/memory.err" || status=$?
expect_eq "bench-memory's status ($(tail -n 40 "$WORK/memory.err"))" "$status" 0
summary=$(tail -n 1 "$WORK/memory.out")
[[ $summary =~ ^memory:\ the\ game\ $number\ MiB\ at\ start,\ $number\ MiB\ with\ the\ analysis\ open,\ $number\ MiB\ with\ a\ 30-move\ game\ loaded\ and\ reviewed\;\ the\ server\ -?$number\ KiB\ per\ idle\ lobby\ connection,\ -?$number\ KiB\ per\ match\;\ start-up\ $number\ ms\ \(median\)\;\ Grabble\ ($number\ ms,\ $number\ MiB|not\ measured.*)$ ]] ||
    fail "bench-memory's summary line: [$summary]"

# What screen-bench reads is the screen as drawn: waiting for what never comes shows it.
status=0
"$GOBBLET_SCREEN_BENCH" steps --timeout 1 --expect "q quit" --expect "no such text" -- "$MAIN" >/dev/null \
    2>"$WORK/steps.err" || status=$?
expect_eq "a wait that times out" "$status" 1
err=$(cat "$WORK/steps.err")
expect_contains "the reason" "$err" 'screen-bench: timed out waiting for "no such text"'
expect_contains "the board's top" "$err" "  ┌──────────┬──────────┬──────────┬──────────┐"
expect_contains "a row of the board" "$err" "A │          │          │          │          │"
expect_contains "the footer" "$err" "? help  q quit  Enter play"
