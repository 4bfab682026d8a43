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
# A time that is not a number of seconds in range is refused with the flag and what it accepts: nan used
# to pass the range check and make genmove at max never answer.
for bad in nan inf -1 0 1e400 3601 0x10; do
    "$MAIN" --think "$bad" --perft 1 2>"$WORK/err" && fail "--think $bad accepted"
    expect_eq "--think $bad" "$(head -n 1 "$WORK/err")" \
        "--think: SECONDS is a number from 0.01 to 3600 (fractions allowed, like 0.5), not '$bad'"
done
"$MAIN" --think 0.5 --perft 1 >/dev/null || fail "--think 0.5 refused"
# A seed must fit 64 bits: -1 and 2^64 used to wrap around silently (and play the same game).
for bad in -1 18446744073709551616 1x ""; do
    "$MAIN" --seed "$bad" --perft 1 2>"$WORK/err" && fail "--seed $bad accepted"
    expect_eq "--seed $bad" "$(head -n 1 "$WORK/err")" \
        "--seed: N is a whole number from 0 to 18446744073709551615, not '$bad'"
done
expect_eq "largest seed" "$(printf 'quit\n' | "$MAIN" --gtp --seed 18446744073709551615)" "="
# --grace is the network host's, read like the clock flags.
"$MAIN" --grace 30s 2>"$WORK/err" && fail "--grace without --host must fail"
expect_eq "--grace alone" "$(cat "$WORK/err")" \
    "gobblet: --grace goes with --host or --serve: the host decides when an absent player's time runs"
"$MAIN" --join 127.0.0.1:7000 --grace 30s 2>"$WORK/err" && fail "--grace with --join must fail"
expect_eq "--grace with --join" "$(cat "$WORK/err")" \
    "gobblet: --grace cannot be given with --join: the host sets the game"
"$MAIN" --host 0 --grace soon 2>"$WORK/err" && fail "--grace soon must fail"
expect_eq "--grace soon" "$(cat "$WORK/err")" \
    "gobblet: --grace soon: not a time; write it as 30, 30s, 2m or 1m30s (at most 24h)"
