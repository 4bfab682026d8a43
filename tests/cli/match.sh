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
# max at a fixed number of nodes replays its games from the same seed: --match searches on one thread
# unless asked, and one thread searches as it did before there were more.
fixed() { "$MAIN" --match max:hard --games 2 --nodes 3000 --think 100 --seed 9 "$@"; }
out=$(fixed)
expect_contains "fixed nodes" "$out" "game 2: hard (White) vs max (Black): "
[ "$out" = "$(fixed)" ] || fail "the same seed at fixed nodes must replay the same match"
[ "$out" = "$(fixed --threads 1)" ] || fail "--match plays on one thread unless asked"
out=$("$MAIN" --match max:hard --games 2 --nodes 3000 --think 100 --seed 9 --threads 2)
expect_contains "two threads" "$out" "max scores "
