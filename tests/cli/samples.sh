#!/usr/bin/env bash
# The sample games in saves/samples replay under the rules their headers name and end as the headers say.
source "$(dirname "$0")/lib.bash"
count=0
for f in "$ROOT"/saves/samples/*.txt; do
    want=$(sed -n 's/^% result: //p' "$f")
    [ -n "$want" ] || fail "$f: no result line"
    out=$("$MAIN" --replay "$f") || fail "$f does not replay"
    expect_eq "$(basename "$f")" "$(tail -n 1 <<<"$out")" "$want"
    count=$((count + 1))
done
[ "$count" -ge 4 ] || fail "expected at least 4 samples, found $count"
