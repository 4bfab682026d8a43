#!/usr/bin/env bash
# --match plays self-play games and prints one line a game and the score; unknown players are refused.
source "$(dirname "$0")/lib.bash"
out=$("$MAIN" --match medium:ab2 --games 2 --seed 3)
expect_contains "game 1" "$out" "game 1: medium (White) vs ab2 (Black): "
expect_contains "game 2" "$out" "game 2: ab2 (White) vs medium (Black): "
expect_contains "summary" "$out" "medium scores "
out=$("$MAIN" --match medium:ab2 --games 2 --seed 3)
[ "$out" = "$("$MAIN" --match medium:ab2 --games 2 --seed 3)" ] || fail "the same seed must replay the same match"
"$MAIN" --match medium:gnugo --games 1 2>"$WORK/err" && fail "an unknown player must fail"
expect_contains "unknown player" "$(cat "$WORK/err")" 'unknown player "gnugo"'
"$MAIN" --match medium --games 1 2>"$WORK/err" && fail "one player must fail"
expect_contains "two players" "$(cat "$WORK/err")" "A:B"
