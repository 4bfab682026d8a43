#!/usr/bin/env bash
# The computer at max under a 1 s turn clock with no reserve plays a whole match to 2 wins against
# another computer without ever losing on time. The one test that runs on real time: it must hold on a
# busy machine too (run.sh runs two scripts at once on CI's two cores), which is what the safety margin
# of timeman.h is for (150 ms of each second; the worst lateness measured under load was 71 ms).
# max:medium keeps it to about half a minute: medium answers in milliseconds, so every second of the run
# is a max move thinking right up to its budget.
source "$(dirname "$0")/lib.bash"
out=$("$MAIN" --match max:medium --first-to 2 --turn-time 1s --reserve 0)
if grep -q "ran out of time" <<<"$out"; then fail "lost on time: $(grep 'ran out of time' <<<"$out")"; fi
expect_contains "the match ends" "$out" "wins the match 2-"
expect_contains "no forfeit" "$out" "forfeits on time: 0"
# Every max move thinks by the clock: a budget of the 1 s turn less the margin (about 0.85 s).
budgets=$(grep -E '^  round .* max: ' <<<"$out" | sed -E 's/.* of a ([0-9.]+) s budget.*/\1/' | sort -u)
[ -n "$budgets" ] || fail "no per-move timing lines for max"
for b in $budgets; do
    awk -v b="$b" 'BEGIN { exit !(b >= 0.80 && b <= 0.85) }' || fail "max had a budget of $b s, not about 0.85 s"
done
# Without a clock or --first-to, --match keeps its old output: no timing lines.
out=$("$MAIN" --match medium:ab2 --games 1 --seed 3)
grep -q "budget" <<<"$out" && fail "a match without a clock printed timing"
# A bad clock flag is refused before any game is played.
"$MAIN" --match max:medium --turn-time soon 2>"$WORK/err" && fail "--turn-time soon must fail"
expect_contains "bad clock" "$(cat "$WORK/err")" "--turn-time soon: not a time"
