#!/usr/bin/env bash
# --replay prints the final position and state (exit 0), or the transcript's error on stderr (non-zero).
source "$(dirname "$0")/lib.bash"
out=$("$MAIN" --replay "$LIAM" --rules rogers)
expect_contains "final state" "$(tail -n 1 <<<"$out")" "White to move"
expect_contains "board" "$out" "C W2    W4+3  K4    ."
if "$MAIN" --replay "$LIAM" >"$WORK/out" 2>"$WORK/err"; then fail "official replay should fail"; fi
expect_eq "stdout on error" "$(cat "$WORK/out")" ""
expect_contains "error" "$(cat "$WORK/err")" "line 4: K2B3: official rules: a new piece may gobble only a piece in a row of three; the transcript is legal under the rogers rules: use --rules rogers"
if "$MAIN" --replay "$WORK/missing.txt" 2>"$WORK/err"; then fail "missing file should fail"; fi
expect_contains "missing" "$(cat "$WORK/err")" "cannot read $WORK/missing.txt: No such file or directory"
printf '%% rules: rogers\n%% size: 3\nW3A1\nK1A1\nW1B1\nK2C3\n' >"$WORK/jr.txt"
out=$("$MAIN" --replay "$WORK/jr.txt")
expect_contains "header restores size" "$(head -n 1 <<<"$out")" "  1     2     3"
