#!/usr/bin/env bash
# --help and --version answer; bad flag values get CLI11's message and a non-zero exit.
source "$(dirname "$0")/lib.bash"
help=$("$MAIN" --help)
for flag in --rules --size --version --perft --replay --gtp; do expect_contains "help" "$help" "$flag"; done
expect_eq "version" "$("$MAIN" --version)" "gobblet 0.1.0"
if "$MAIN" --rules house --perft 1 2>"$WORK/err"; then fail "--rules house accepted"; fi
expect_contains "rules" "$(cat "$WORK/err")" "--rules: house not in {official,rogers}"
if "$MAIN" --size 5 --perft 1 2>"$WORK/err"; then fail "--size 5 accepted"; fi
expect_contains "size" "$(cat "$WORK/err")" "--size: 5 not in {3,4}"
if "$MAIN" --no-such-flag 2>"$WORK/err"; then fail "unknown flag accepted"; fi
expect_contains "unknown" "$(cat "$WORK/err")" "--no-such-flag"
# --seed makes the computer's play reproducible (the protocol uses the same player as the game).
play() { printf 'level easy\ngenmove\ngenmove\ngenmove\ngenmove\n' | "$MAIN" --gtp --seed "$1"; }
expect_eq "same seed, same moves" "$(play 5)" "$(play 5)"
# Bad values of the game's flags are refused with the flag's name.
"$MAIN" --white computer:robot 2>"$WORK/err" && fail "--white computer:robot must fail"
expect_contains "--white" "$(cat "$WORK/err")" "--white"
"$MAIN" --think 0 2>"$WORK/err" && fail "--think 0 must fail"
expect_contains "--think" "$(cat "$WORK/err")" "--think"
"$MAIN" --load "$WORK/missing.txt" 2>"$WORK/err" && fail "--load of a missing file must fail"
expect_contains "--load" "$(cat "$WORK/err")" "missing.txt"
