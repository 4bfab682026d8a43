#!/usr/bin/env bash
# quit ends the protocol at once with status 0, and --rules/--size set up the protocol's game.
source "$(dirname "$0")/lib.bash"
out=$(printf 'quit\nname\n' | "$MAIN" --gtp)
expect_eq "quit" "$out" "="
out=$(printf 'legal_moves\n' | "$MAIN" --gtp --size 3 --rules rogers | head -c 20)
expect_eq "3x3 moves" "$out" "= W1A1 W1A2 W1A3 W1B"
out=$(printf 'loadtranscript %s\nto_move\nsavetranscript %s\n' "$LIAM" "$WORK/saved.txt" | "$MAIN" --gtp --rules rogers)
expect_eq "load and save" "$out" $'=\n\n= white\n\n='
head -n 3 "$WORK/saved.txt" | grep -qx '% rules: rogers' || fail "save header lacks the rules"
[ "$(grep -vc '^%' "$WORK/saved.txt")" -eq 38 ] || fail "save does not hold 38 moves"
