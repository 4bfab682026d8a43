#!/usr/bin/env bash
# --perft prints the leaf count with time and speed for the chosen size and rules.
source "$(dirname "$0")/lib.bash"
expect_contains "4x4" "$("$MAIN" --perft 3)" "perft 3 (4x4, official rules): 10080 leaves in "
expect_contains "3x3" "$("$MAIN" --perft 2 --size 3)" "perft 2 (3x3, official rules): 675 leaves"
expect_contains "rogers" "$("$MAIN" --perft 4 --rules rogers)" "409920 leaves"
expect_contains "speed" "$("$MAIN" --perft 1)" "million leaves/s"
