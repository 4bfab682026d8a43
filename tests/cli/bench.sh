#!/usr/bin/env bash
# --bench searches fixed positions to a fixed depth: its node-count signature changes only when the
# search does. A change to the search made on purpose updates the number here and bench_depth4_nodes in
# tests/test_search.cpp (from ./main --bench 5 and --bench 4), never by accident.
source "$(dirname "$0")/lib.bash"
out=$("$MAIN" --bench 5)
expect_contains "signature" "$out" "signature 430926"
expect_contains "totals" "$out" "bench depth 5: 430926 nodes in "
expect_contains "speed" "$out" "nodes/s"
expect_contains "3x3 position" "$out" "3x3 official"
