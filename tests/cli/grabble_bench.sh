#!/usr/bin/env bash
# ./main --game grabble --bench loads and indexes the largest installed Debian word list and times the
# best-grab search on a late-game table: it reports both (the speeds are the benchmark's, never a test's).
# --game goes with --bench only, and Grabble's bench takes no depth.
source "$(dirname "$0")/lib.bash"
out=$("$MAIN" --game grabble --bench)
expect_contains "list" "$out" "grabble bench: /usr/share/dict/american-english"
expect_contains "load" "$out" "list loaded in "
expect_contains "summary" "$out" " words; "
expect_contains "table" "$out" "late-game table: 25 tiles in the pool (1 blank), 12 words of "
expect_contains "search" "$out" "best grab: "
expect_contains "target" "$out" "target 5 ms"
"$MAIN" --game grabble --help | grep -qE -- '^  --bench +Time loading' || fail "grabble's --help shows --bench taking a value"
"$MAIN" --game grabble --bench 3 2>"$WORK/err" && fail "a depth for grabble's bench must be refused"
expect_eq "depth" "$(cat "$WORK/err")" "gobblet: --game grabble --bench takes no depth: give --bench alone"
"$MAIN" --game grabble --perft 1 2>"$WORK/err" && fail "--game with --perft must be refused"
expect_eq "mode" "$(cat "$WORK/err")" \
    "gobblet: --perft cannot be combined with --game grabble (--game grabble --help lists its flags)"
"$MAIN" --game chess --bench 2>"$WORK/err" && fail "--game chess must be refused"
expect_contains "game" "$(cat "$WORK/err")" "--game: chess not in {gobblet,grabble}"
# Gobblet's bench is still the default game's.
expect_contains "gobblet bench" "$("$MAIN" --game gobblet --bench 3)" "bench depth 3: "
