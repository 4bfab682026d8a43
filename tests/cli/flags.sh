#!/usr/bin/env bash
# --help and --version answer; bad flag values get CLI11's message and exit status 2 (the man page's
# EXIT STATUS); every flag is checked against the mode before anything runs.
source "$(dirname "$0")/lib.bash"
help=$("$MAIN" --help)
for flag in --rules --size --version --perft --replay --gtp; do expect_contains "help" "$help" "$flag"; done
# The version's one place is debian/changelog's top entry (engine/version.h).
expect_eq "version" "$("$MAIN" --version)" "gobblet $(sed -n '1s/^gobblet (\([^)]*\)) .*/\1/p' "$ROOT/debian/changelog")"
if "$MAIN" --rules house --perft 1 2>"$WORK/err"; then fail "--rules house accepted"; fi
expect_contains "rules" "$(cat "$WORK/err")" "--rules: house not in {official,rogers}"
if "$MAIN" --size 5 --perft 1 2>"$WORK/err"; then fail "--size 5 accepted"; fi
expect_contains "size" "$(cat "$WORK/err")" "--size: 5 not in {3,4}"
if "$MAIN" --no-such-flag 2>"$WORK/err"; then fail "unknown flag accepted"; fi
expect_contains "unknown" "$(cat "$WORK/err")" "--no-such-flag"
# --seed makes the computer's play reproducible (the protocol uses the same player as the game).
play() { printf 'level easy\ngenmove\ngenmove\ngenmove\ngenmove\n' | "$MAIN" --gtp --seed "$1"; }
expect_eq "same seed, same moves" "$(play 5)" "$(play 5)"
# --nodes bounds max's search by nodes, not time: with an hour to think it still answers at once, and the
# same moves on any machine (the self-play script's fixed-node matches, docs/strength.md).
bounded() { printf 'level max\ngenmove\ngenmove\ngenmove\n' | timeout 60 "$MAIN" --gtp --think 3600 --nodes 3000; }
first=$(bounded)
expect_eq "max at 3000 nodes answers" "$(grep -c '^= [A-DWK][1-4][A-D][1-4]$' <<<"$first")" 3
expect_eq "max at 3000 nodes repeats" "$(bounded)" "$first"
# --threads: the computer searches on that many threads wherever it plays; the bench says how many.
out=$(printf 'level max\ngenmove\nanalyze depth 5\n' | timeout 60 "$MAIN" --gtp --think 0.3 --threads 3)
expect_eq "max on 3 threads answers" "$(grep -c '^= [A-DWK][1-4][A-D][1-4]$' <<<"$out")" 1
expect_contains "analysis on 3 threads" "$out" ", depth 5: "
expect_contains "bench on 2 threads" "$("$MAIN" --bench 3 --threads 2)" "nodes/s, 2 threads"
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
        "gobblet: --think: SECONDS is a number from 0.01 to 3600 (fractions allowed, like 0.5), not '$bad'"
done
printf 'quit\n' | "$MAIN" --gtp --think 0.5 >/dev/null || fail "--think 0.5 refused"
# A seed must fit 64 bits: -1 and 2^64 used to wrap around silently (and play the same game).
for bad in -1 18446744073709551616 1x ""; do
    "$MAIN" --seed "$bad" --perft 1 2>"$WORK/err" && fail "--seed $bad accepted"
    expect_eq "--seed $bad" "$(head -n 1 "$WORK/err")" \
        "gobblet: --seed: N is a whole number from 0 to 18446744073709551615, not '$bad'"
done
expect_eq "largest seed" "$(printf 'quit\n' | "$MAIN" --gtp --seed 18446744073709551615)" "="
# --grace is the network host's, read like the clock flags.
"$MAIN" --grace 30s 2>"$WORK/err" && fail "--grace without --host or --serve must fail"
expect_eq "--grace alone" "$(cat "$WORK/err")" \
    "gobblet: --grace goes with --host or --serve: the host decides when an absent player's time runs"
"$MAIN" --join 127.0.0.1:7000 --grace 30s 2>"$WORK/err" && fail "--grace with --join must fail"
expect_eq "--grace with --join" "$(cat "$WORK/err")" \
    "gobblet: --grace cannot be given with --join: the host sets the game"
"$MAIN" --host 0 --grace soon 2>"$WORK/err" && fail "--grace soon must fail"
expect_eq "--grace soon" "$(cat "$WORK/err")" \
    "gobblet: --grace soon: not a time; write it as 30, 30s, 2m or 1m30s (at most 24h)"
# --allow-help is the host's terms: with --join (or alone) it is a flag error.
"$MAIN" --join 127.0.0.1:7000 --allow-help 2>"$WORK/err" && fail "--allow-help with --join must fail"
expect_eq "--allow-help with --join" "$(cat "$WORK/err")" \
    "gobblet: --allow-help goes with --host: the host sets the terms of a network game"
"$MAIN" --host 0 --white computer 2>"$WORK/err" && fail "a host's computer without --allow-help must fail"
expect_eq "a host's computer" "$(cat "$WORK/err")" \
    "gobblet: with --host, a computer on your own side needs --allow-help: a network game allows no engine help otherwise (the joiner sees the terms)"
"$MAIN" --allow-help 2>"$WORK/err" && fail "--allow-help alone must fail"
expect_eq "--allow-help alone" "$(cat "$WORK/err")" \
    "gobblet: --allow-help goes with --host: the host sets the terms of a network game"

# refused STATUS MESSAGE ARGS...: the exit status and the whole message on stderr, and nothing on stdout
# (nothing ran).
refused() {
    local status=$1 message=$2
    shift 2
    local got=0
    "$MAIN" "$@" </dev/null >"$WORK/out" 2>"$WORK/err" || got=$?
    expect_eq "status of $*" "$got" "$status"
    expect_eq "message of $*" "$(head -n 1 "$WORK/err")" "$message"
    expect_eq "output of $*" "$(cat "$WORK/out")" ""
}
# Every flag is checked before anything is dispatched: a bad value refuses a benchmark too.
refused 2 "gobblet: --white cannot be combined with --perft" --white computer:robot --perft 1
refused 2 "gobblet: --game-time cannot be combined with --perft" --dm --game-time 5m --perft 1
# The game checks every value before it opens the terminal (the usage error, not "no terminal").
refused 2 "gobblet: --white computer:robot: unknown level 'robot': use easy, medium, hard or max" \
    --white computer:robot
refused 2 "gobblet: --black : a name needs at least one visible character (or use human or computer)" \
    --black $'\e'
refused 2 "gobblet: --dm is a DM clock: it cannot be combined with --game-time or --increment" --dm --game-time 5m
refused 2 "gobblet: choose one clock: --turn-time/--reserve/--reserve-chunk (DM) or --game-time/--increment (Fischer)" \
    --turn-time 1m --increment 2s
refused 2 "gobblet: a Fischer clock needs --game-time above zero (e.g. --game-time 5m)" --increment 2s
refused 2 "gobblet: a DM clock needs --turn-time above zero (e.g. --turn-time 2m)" --reserve 5m
refused 2 "gobblet: --reserve-chunk must be above zero when there is a reserve" --dm --reserve-chunk 0
refused 2 "gobblet: --turn-time soon: not a time; write it as 90, 90s, 2m, 1m30s or 2:30 (at most 24h)" \
    --turn-time soon
refused 2 "gobblet: --code no: a code is 4 to 32 letters and digits (dashes and spaces do not matter)" \
    --host 0 --code no
refused 2 "gobblet: --code goes with --host or --join" --code ABCD-1234
refused 2 "gobblet: --load cannot be combined with --host or --join" --host 0 --load "$LIAM"
refused 2 "gobblet: --host and --join cannot be combined: one machine hosts, the other joins" \
    --host 0 --join 127.0.0.1:7000
refused 2 "gobblet: --match wants two players as A:B, e.g. max:ab4" --match max
refused 2 "gobblet: --game-time 5x: not a time; write it as 90, 90s, 2m, 1m30s or 2:30 (at most 24h)" \
    --match max:ab2 --game-time 5x
# Two modes at once, and flags that do not belong to the mode.
refused 2 "gobblet: --gtp and --perft cannot be combined: each runs on its own, so give one of them" \
    --perft 1 --gtp
refused 2 "gobblet: --replay and --review cannot be combined: each runs on its own, so give one of them" \
    --review "$LIAM" --replay "$LIAM"
refused 2 "gobblet: --white cannot be combined with --serve" --serve --white Liam
refused 2 "gobblet: --level cannot be combined with --match" --match max:ab2 --level easy
refused 2 "gobblet: --size cannot be combined with --bench" --bench 1 --size 3
refused 2 "gobblet: --think cannot be combined with --ratings" --ratings --think 1
refused 2 "gobblet: --white cannot be combined with --bench-store" --bench-store --white Liam
refused 2 "gobblet: --seek cannot be combined with --gtp" --gtp --seek dm
refused 2 "gobblet: --coach cannot be combined with --replay" --replay "$LIAM" --coach
refused 2 "gobblet: --db goes with --serve, --new-tournament, --start-tournament, --tournament-first, --standings, --profile, --account-kind, --ratings or --bench-store" \
    --db "$WORK/x.db"
refused 2 "gobblet: --account-kind Liam needs --kind human or --kind bot: a person's account or a computer's" \
    --account-kind Liam
refused 2 "gobblet: --kind goes with --account-kind" --kind bot
refused 2 "gobblet: --white cannot be combined with --lobby" --lobby 127.0.0.1:7300 --name Liam --white Eamon
# A host without its port: the port is what is missing, not a number (issue 33, item 16).
refused 2 "gobblet: --lobby 127.0.0.1: the port is missing: write the host and its port, as in 127.0.0.1:7300" \
    --lobby 127.0.0.1 --name Liam
refused 2 "gobblet: --lobby example.org:: the port is missing after ':': write the host and its port, as in 127.0.0.1:7300" \
    --lobby example.org: --name Liam
refused 2 "gobblet: --lobby and --new-tournament cannot be combined: each runs on its own, so give one of them" \
    --lobby 127.0.0.1:7300 --name Liam --new-tournament cup
refused 2 "gobblet: --format cannot be combined with --standings" --standings cup --format knockout
refused 2 "gobblet: --first-to cannot be combined with --start-tournament" --start-tournament cup --first-to 2
refused 2 "gobblet: --first goes with --new-tournament" --first draw
refused 2 "gobblet: --enter cannot be combined with --lobby" --lobby 127.0.0.1:7300 --name Liam --enter cup
refused 2 "gobblet: --enter a b: a tournament's name has 2 to 32 letters, digits, '-', '_' or '.'" \
    --bot 127.0.0.1:7300 --name MaxBot --enter "a b"
refused 2 "gobblet: --dm is a DM clock: it cannot be combined with --game-time or --increment" \
    --new-tournament cup --dm --game-time 5m
refused 2 "gobblet: --games goes with --match" --games 3
refused 2 "gobblet: --nodes goes with --gtp or --match" --nodes 100
refused 2 "gobblet: --threads: Value 0 not in range 1 to 64" --gtp --threads 0
refused 2 "gobblet: --threads: Value 65 not in range 1 to 64" --gtp --threads 65
refused 2 "gobblet: --threads cannot be combined with --perft" --perft 3 --threads 2
refused 2 "gobblet: --nodes: Value -1 not in range 0 to 1099511627776" --gtp --nodes -1
# The host sets the game's clock: --join refuses every clock flag, each with its name. The list is held
# to --help's (a kind's flags say "DM clock:", "Fischer clock:"; --dm's line names the flags it sets), so
# a clock flag added to engine/clock.h cannot be left out of it.
clock_flags=("--turn-time 2m" "--reserve 5m" "--reserve-chunk 30s" "--game-time 5m" "--increment 2s" "--dm")
expect_eq "the clock flags --help shows" \
    "$(printf '%s\n' "$help" | grep -E '^ *--[a-z-]+ +[A-Z]+ +[A-Za-z]+ clock: |--reserve-chunk 30s \(' | sed -E 's/^ *(--[a-z-]+).*/\1/' | sort)" \
    "$(printf '%s\n' "${clock_flags[@]}" | cut -d ' ' -f 1 | sort)"
for given in "${clock_flags[@]}"; do
    read -ra args <<<"$given"
    refused 2 "gobblet: ${args[0]} cannot be given with --join: the host sets the game" \
        --join 127.0.0.1:7000 "${args[@]}"
done
refused 2 "gobblet: --review-time goes with --review" --review-time 1
# Whatever CLI11 refuses is a usage error too: status 2, never CLI11's own codes (105 and the like).
refused 2 "gobblet: --perft: Value 13 not in range 0 to 12" --perft 13
refused 2 "gobblet: --size: abc not in {3,4}" --size abc
refused 2 "gobblet: --size: 1 required TEXT:{3,4} missing" --size
refused 2 "gobblet: The following argument was not expected: -x" -x
refused 2 "gobblet: The following argument was not expected: stray" stray
refused 2 "gobblet: --resume excludes --load" --resume --load "$LIAM"
refused 2 "gobblet: --bench: Value deep not in range 0 to 30" --bench deep
expect_eq "--help status" "$("$MAIN" --help >/dev/null; echo $?)" 0
# What the right flags still do.
expect_contains "--perft with its flags" "$("$MAIN" --perft 1 --size 3 --rules rogers)" "perft 1 (3x3, rogers rules)"
