#!/usr/bin/env bash
# The computer at max under a 1 s turn clock with no reserve plays a whole match to 2 wins against
# another computer without ever losing on time. The one test that runs on real time: it must hold on a
# busy machine too (run.sh runs two scripts at once on CI's two cores), which is what the safety margin
# of timeman.h is for (150 ms of each second; the worst lateness measured at load 13 on two cores was
# 93 ms in 924 moves). max:medium keeps it to about half a minute: medium answers in milliseconds, so
# every second of the run is a max move thinking right up to its budget.
source "$(dirname "$0")/lib.bash"
out=$("$MAIN" --match max:medium --first-to 2 --turn-time 1s --reserve 0)
if grep -q "ran out of time" <<<"$out"; then fail "lost on time: $(grep 'ran out of time' <<<"$out")"; fi
expect_contains "the match ends" "$out" "wins the match 2-"
expect_contains "no forfeit" "$out" "forfeits on time: 0"
# Every max move thinks by the clock: its budget is what was left of the 1 s turn when it began to think,
# less the margin (timeman.h: 100 ms + 5% of it), 0.85 s when it began at once. The time already gone
# is the line's clock less its think time: a busy machine may take tens of ms to get there after the
# other side's move, and the budget is then smaller, never the same 0.85 s.
lines=$(grep -E '^  round .* max: ' <<<"$out")
[ -n "$lines" ] || fail "no per-move timing lines for max"
wrong=$(sed -E 's/.*  ([0-9.]+) s of a ([0-9.]+) s budget .*, clock ([0-9.]+) s, .*/\1 \2 \3/' <<<"$lines" |
    awk '{ think = int($1 * 1000 + 0.5); budget = int($2 * 1000 + 0.5); gone = int($3 * 1000 + 0.5) - think
           left = 1000 - gone; margin = 100 + int(left * 0.05); if (margin > 1000) margin = 1000
           if (NF != 3 || budget != left - margin) print "a budget of " $2 " s with " left " ms left" }')
[ -z "$wrong" ] || fail "max's budget is not the time left less the margin: $(head -n 3 <<<"$wrong")"
# Without a clock or --first-to, --match keeps its old output: no timing lines.
out=$("$MAIN" --match medium:ab2 --games 1 --seed 3)
grep -q "budget" <<<"$out" && fail "a match without a clock printed timing"
# A bad clock flag is refused before any game is played.
"$MAIN" --match max:medium --turn-time soon 2>"$WORK/err" && fail "--turn-time soon must fail"
expect_contains "bad clock" "$(cat "$WORK/err")" "--turn-time soon: not a time"
