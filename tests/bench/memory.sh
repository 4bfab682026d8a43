#!/usr/bin/env bash
# make bench-memory: what the program holds and how soon it shows itself (docs/design.md, "Memory and
# start-up"). Through pseudo-terminals of its own (build/screen-bench: TERM=xterm-256color, 110x32, a
# fresh home each run):
#   - the game's resident memory at its first screen, with the analysis open (PAUSE seconds, 5, after its
#     first line), and with a long game loaded (`--load` of a PLIES-move transcript, 1000: a random game
#     that neither ends nor repeats a position), again after PAUSE seconds (the loaded game's review runs
#     in the background);
#   - the server's memory per idle lobby connection (build/lobby-load idle IDLE, 2000) and per match
#     (build/lobby-load matches MATCHES, 2000, with a spectator each), each on a fresh server and read
#     after SETTLE seconds (6) in which it gives back a burst's room;
#   - the start-up time to the first screen ("q quit" drawn), RUNS runs (21): median, fastest, worst;
#     and Grabble's (`--game grabble`, "^C quit" drawn), with its memory then, where the build has it.
# The last line is the summary:
#   memory: the game A MiB at start, ...; the server B KiB per idle lobby connection, C KiB per match;
#   start-up D ms (median); Grabble E ms, F MiB
# NICE=N runs it all at that niceness, RT=N in the real-time class (tests/bench/lib.bash).
BENCH=bench-memory
source "$(dirname "$0")/lib.bash"
runs=${RUNS:-21} idle=${IDLE:-2000} matches=${MATCHES:-2000} plies=${PLIES:-1000} pause=${PAUSE:-5}
settle=${SETTLE:-6}

bench_nice
echo "bench-memory: load average $(cut -d' ' -f1-3 /proc/loadavg)$(bench_priority)"
mib() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
# rss_of FILE LABEL: the KiB of the line "rss LABEL: N KiB ..." of FILE.
rss_of() { sed -n "s/^rss $2: \([0-9]*\) KiB.*/\1/p" "$1"; }

# The game.
"$SCREEN" transcript "$plies" >"$work/long.txt"
"$SCREEN" steps --expect "q quit" --rss "at start" --send i --expect "Analysis  depth" --pause "$pause" \
    --rss "with the analysis open" -- "$MAIN" >"$work/game.out"
# (Its analysis, asked for, waits for the review: they share the worker and its search's memory.)
# (Its length as the move list counts it: $plies played are $(((plies + 1) / 2)) moves.)
moves=$(((plies + 1) / 2))
"$SCREEN" steps --expect "($moves moves)" --rss "with a long game loaded" --pause "$pause" \
    --rss "with a long game, its review running" -- "$MAIN" --load "$work/long.txt" >>"$work/game.out"
sed "s/^rss /the game's RSS /; s/a long game/a $moves-move game/" "$work/game.out"

# The server: idle lobby connections (all from 127.0.0.1: --per-address lets them in), then matches.
bench_descriptors "$matches"
bench_server "" --per-address $((idle + 100))
"$LOAD" "127.0.0.1:$port" idle "$idle" --pid "$server" --settle "$settle" >"$work/idle.out"
bench_server_stop
cat "$work/idle.out"
bench_server ""
"$LOAD" "127.0.0.1:$port" matches "$matches" --pid "$server" --seconds 1 --settle "$settle" >"$work/matches.out" \
    2>"$work/matches.err" || { cat "$work/matches.err" >&2; bench_last_words; exit 1; }
bench_server_stop
grep '^memory: ' "$work/matches.out"
per_idle=$(sed -n 's/.*: \([-0-9.]*\) KiB per idle connection.*/\1/p' "$work/idle.out")
per_match=$(sed -n 's/.*(\([-0-9.]*\) KiB per match.*/\1/p' "$work/matches.out")

# Start-up to the first screen.
"$SCREEN" start --runs "$runs" --expect "q quit" -- "$MAIN" >"$work/start.out"
cat "$work/start.out"
started=$(sed -n 's/.*: median \([0-9.]*\) ms,.*/\1/p' "$work/start.out")

# Grabble's screen (issue 36), its word list loaded, where this build has it.
grabble="; Grabble not measured (this build's --game grabble is for --bench only)"
if "$SCREEN" start --runs "$runs" --expect "^C quit" -- "$MAIN" --game grabble >"$work/grabble.out" \
    2>"$work/grabble.err"; then
    cat "$work/grabble.out"
    grabble="; Grabble $(sed -n 's/.*: median \([0-9.]*\) ms,.*/\1/p' "$work/grabble.out") ms, $(mib "$(sed -n 's/.*RSS then \([0-9]*\) KiB.*/\1/p' "$work/grabble.out")") MiB"
elif grep -q -- "--game goes with --bench" "$work/grabble.err"; then
    echo "start: ${grabble#; }"
else
    cat "$work/grabble.err" >&2
    echo "bench-memory: Grabble's screen did not come" >&2
    exit 1
fi

echo "bench-memory: load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
echo "memory: the game $(mib "$(rss_of "$work/game.out" "at start")") MiB at start, $(mib "$(rss_of "$work/game.out" "with the analysis open")") MiB with the analysis open, $(mib "$(rss_of "$work/game.out" "with a long game, its review running")") MiB with a $moves-move game loaded and reviewed; the server $per_idle KiB per idle lobby connection, $per_match KiB per match; start-up $started ms (median)$grabble"
