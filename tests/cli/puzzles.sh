#!/usr/bin/env bash
# --verify-puzzles proves the sets built into the program (exit 0), or given files; a wrong or unreadable
# puzzle file is reported with the puzzle and the reason (exit 1); --puzzles refuses a set that does not exist.
source "$(dirname "$0")/lib.bash"
out=$("$MAIN" --verify-puzzles)
for set in official-4x4 rogers-4x4 3x3; do
    expect_contains "built-in $set" "$out" "built-in $set: "
done
expect_eq "one line a set" "$(wc -l <<<"$out")" 3

# A file: the same set proven from disk.
out=$("$MAIN" --verify-puzzles "$ROOT/saves/puzzles/3x3.txt")
expect_contains "from a file" "$out" "$ROOT/saves/puzzles/3x3.txt: 60 puzzles (20 win in 1, 20 in 2, 20 in 3; "

# A puzzle whose first moves are wrong: the first puzzle claims a move that does not win.
awk 'BEGIN { done = 0 } /^first moves: / && !done { print "first moves: " $3 " " $3; done = 1; next } { print }' \
    "$ROOT/saves/puzzles/3x3.txt" >"$WORK/wrong.txt"
if "$MAIN" --verify-puzzles "$WORK/wrong.txt" >"$WORK/out" 2>"$WORK/err"; then fail "a wrong puzzle should fail"; fi
expect_contains "names the puzzle" "$(cat "$WORK/err")" "$WORK/wrong.txt: puzzle 1: "
expect_eq "counts the problems" "$(tail -n 1 "$WORK/out")" "1 problem"

printf 'puzzle: 1\n' >"$WORK/bad.txt"
if "$MAIN" --verify-puzzles "$WORK/bad.txt" >/dev/null 2>"$WORK/err"; then fail "a bad file should fail"; fi
expect_contains "bad file" "$(cat "$WORK/err")" "$WORK/bad.txt: line 1: puzzle: 1: the header must give the rules and the size"
if "$MAIN" --verify-puzzles "$WORK/missing.txt" 2>"$WORK/err"; then fail "a missing file should fail"; fi
expect_contains "missing" "$(cat "$WORK/err")" "cannot read $WORK/missing.txt"

# --puzzles with a set that does not exist: the name, the choices, status 2, before any terminal opens.
if "$MAIN" --puzzles chess </dev/null >/dev/null 2>"$WORK/err"; then fail "a bad set should fail"; fi
expect_eq "bad set" "$(cat "$WORK/err")" "gobblet: --puzzles chess: no such puzzle set; choose official, rogers or 3x3 (without a name, the set of --rules and --size)"
"$MAIN" --puzzles "$(printf 'x\033[2Jy')" </dev/null >/dev/null 2>"$WORK/err" || true
expect_eq "no control characters echoed" "$(cat "$WORK/err")" "gobblet: --puzzles x[2Jy: no such puzzle set; choose official, rogers or 3x3 (without a name, the set of --rules and --size)"
if "$MAIN" --puzzles 3x3 --host 7000 </dev/null >/dev/null 2>"$WORK/err"; then fail "--puzzles --host should fail"; fi
expect_contains "with --host" "$(cat "$WORK/err")" "--puzzles cannot be combined with --host or --join"
