#!/usr/bin/env bash
# build/tune-eval (tests/tools/tune_eval.cpp; docs/strength.md): its self-play games repeat from a seed
# whatever the number of games played at once; the weights it writes are read back (engine/eval.h's own
# file as it stands, and a fit's result, which scores the games exactly as the fit said); bad files are
# refused with the file, the line and what is wrong.
source "$(dirname "$0")/lib.bash"
TUNE=${GOBBLET_TUNE_EVAL:-$ROOT/build/tune-eval}
[ -x "$TUNE" ] || fail "build/tune-eval is missing (make builds it with the unit tests)"
cd "$WORK"
"$TUNE" games a.txt --games 6 --nodes 300 --seed 5
"$TUNE" games b.txt --games 6 --nodes 300 --seed 5 --jobs 3
"$TUNE" games c.txt --games 6 --nodes 300 --seed 6
expect_eq "games written" "$(wc -l <a.txt)" 6
expect_eq "each game a result then moves" "$(grep -cE '^(1-0|0-1|1/2)( [A-DWK][1-4][A-D][1-4])+$' a.txt)" 6
cmp -s a.txt b.txt || fail "the same seed played 3 at a time wrote other games"
cmp -s a.txt c.txt && fail "another seed wrote the same games"
# The weights compiled in, written out unchanged, are engine/eval_weights.inc's (comments aside).
out=$("$TUNE" fit a.txt --epochs 0 --out w0.inc)
expect_contains "starts from the compiled weights" "$out" "with the weights compiled in"
values() { grep -v '^//' "$1"; }
expect_eq "weights written back" "$(values w0.inc)" "$(values "$ROOT/engine/eval_weights.inc")"
# A fit lowers the error, and its weights read back score the games as it said.
out=$("$TUNE" fit a.txt --epochs 300 --out w1.inc)
k=$(sed -n 's/.*; K \([0-9.]*\); error .*/\1/p' <<<"$out")
before=$(sed -n 's/.*; error \([0-9.]*\) with the weights compiled in$/\1/p' <<<"$out")
after=$(sed -n 's/^error \([0-9.]*\) with the tuned weights.*/\1/p' <<<"$out")
[ -n "$k" ] && [ -n "$before" ] && [ -n "$after" ] || fail "fit's report: [$out]"
awk -v a="$after" -v b="$before" 'BEGIN { exit !(a < b - 0.01) }' || fail "fit: error $after, was $before"
values w0.inc >w0.values
values w1.inc >w1.values
cmp -s w0.values w1.values && fail "fit changed no weight"
expect_eq "the file says what it was fitted on" "$(grep -c "error $after, was $before" w1.inc)" 1
again=$("$TUNE" fit a.txt --epochs 0 --weights w1.inc --k "$k")
expect_contains "read back" "$again" "K $k; error $after with the weights read"
"$TUNE" fit a.txt --epochs 0 --weights w1.inc --k "$k" --out w2.inc >/dev/null
expect_eq "written again" "$(values w2.inc)" "$(values w1.inc)"
# Refusals: the file, the line, what is wrong, status 1; nothing written.
refused() {  # refused WHAT EXPECTED ARGS...
    local what=$1 expected=$2
    shift 2
    local status=0
    "$TUNE" "$@" >/dev/null 2>err || status=$?
    expect_eq "$what: status" "$status" 1
    expect_eq "$what" "$(cat err)" "$expected"
}
sed 's,// Threat$,// Threats,' w1.inc >bad-name.inc
line=$(grep -n '// Threats$' bad-name.inc | cut -d: -f1)
refused "a misnamed weight" "tune-eval: bad-name.inc:$line: expected the weight of Threat, found Threats" \
    fit a.txt --weights bad-name.inc --out never.inc
grep -v 'Tempo$' w1.inc >short.inc
refused "a missing weight" "tune-eval: short.inc: the weight of Tempo is missing (21 features)" \
    fit a.txt --weights short.inc --out never.inc
{ cat w1.inc; echo "1,  // Tempo"; } >long.inc
refused "a weight too many" "tune-eval: long.inc:$(wc -l <long.inc): expected nothing more: every feature has its weight" \
    fit a.txt --weights long.inc
sed '0,/^[-0-9]/s/^[-0-9]*,/4000000,/' w1.inc >huge.inc
refused "a weight out of range" "tune-eval: huge.inc:4: a weight is from -100000 to 100000" fit a.txt --weights huge.inc
sed '0,/^[-0-9]/s/,  \/\//  \/\//' w1.inc >comma.inc
refused "no comma" "tune-eval: comma.inc:4: expected \`VALUE, // OpenLine1\`" fit a.txt --weights comma.inc
{ head -n 2 a.txt; echo "1-0 W1A1 K1A1"; } >illegal.txt
refused "an illegal move" "tune-eval: illegal.txt:3: move K1A1 is illegal: A1 holds a piece of the same size" \
    fit illegal.txt
echo "white W1A1" >result.txt
refused "no result" "tune-eval: result.txt:1: a game starts with its result for White: 1-0, 0-1 or 1/2" fit result.txt
refused "no file" "tune-eval: nothing.txt: cannot be read" fit nothing.txt
[ ! -e never.inc ] || fail "a refused fit wrote its output"
status=0
"$TUNE" games x.txt --games 0 2>err || status=$?
expect_eq "--games 0: status" "$status" 2
expect_eq "--games 0" "$(cat err)" "tune-eval: --games is a whole number from 1 to 10000000"
