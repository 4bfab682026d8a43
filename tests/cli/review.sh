#!/usr/bin/env bash
# --review judges every move: one line a move, a summary a side, exit 0; a bad file gets --replay's error.
# The header counts the moves as the move list numbers them (12 played: 6 moves; issue 33, item 11).
source "$(dirname "$0")/lib.bash"
THROWN="$(fixtures_dir)/thrown-win.txt"
out=$("$MAIN" --review "$THROWN")
expect_eq "header" "$(head -n 1 <<<"$out")" "% review: official rules, 4x4, 6 moves, search depth 6 a move"
expect_eq "one line a move, two summaries, header and result" "$(wc -l <<<"$out")" 16
expect_eq "the win thrown away" "$(grep '^  6\. ' <<<"$out")" \
    "  6.    W1A1  blunder     (better: W3D1; White wins in 2 -> Black is slightly better)"
expect_eq "the blunder that gave it" "$(grep '^  5\.\.\. ' <<<"$out")" \
    "  5...  K1D3  blunder     (better: A2C2; Black is slightly better -> White wins in 2)"
expect_eq "a good move" "$(grep '^  1\. ' <<<"$out")" "  1.    W1B3  good        (about even)"
expect_contains "White's summary" "$out" "White: 6 moves: 5 good, 0 inaccuracies, 0 mistakes, 1 blunder"
expect_contains "Black's summary" "$out" "Black: 6 moves: "
expect_eq "result" "$(tail -n 1 <<<"$out")" "% result: White to move"

# Time a move instead of a depth.
out=$("$MAIN" --review "$THROWN" --review-time 0.02)
expect_eq "timed header" "$(head -n 1 <<<"$out")" "% review: official rules, 4x4, 6 moves, 0.02 s a move"
expect_contains "timed blunder" "$out" "  6.    W1A1  blunder     (better: W3D1; White wins in 2 -> "

# 3x3 games are judged with the solved values.
out=$("$MAIN" --review "$ROOT/saves/samples/gobblet-jr-perfect-play.txt")
expect_contains "3x3 header" "$(head -n 1 <<<"$out")" "exact values of the solved game"
expect_contains "3x3 perfect" "$out" "White: 7 moves: 7 good, 0 inaccuracies, 0 mistakes, 0 blunders"

# A file that --replay refuses gets the same message, and nothing on stdout.
for file in "$LIAM" "$WORK/missing.txt"; do
    if "$MAIN" --review "$file" >"$WORK/out" 2>"$WORK/err"; then fail "--review $file should fail"; fi
    "$MAIN" --replay "$file" >/dev/null 2>"$WORK/replay-err" || true
    expect_eq "stdout on error" "$(cat "$WORK/out")" ""
    expect_eq "same error as --replay" "$(cat "$WORK/err")" "$(cat "$WORK/replay-err")"
done
expect_contains "names the line" "$(cat "$WORK/replay-err")" "missing.txt"
