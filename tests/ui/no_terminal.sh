# Without a terminal, or with a TERM nobody knows, the game says what to do instead and exits non-zero.
source "$(dirname "$0")/lib.bash"
"$MAIN" < /dev/null > "$WORK/out" 2> "$WORK/err" && fail "no terminal must fail"
grep -q -- "--replay" "$WORK/err" && grep -q -- "--gtp" "$WORK/err" || fail "message: $(cat "$WORK/err")"
$T new-session -d -s ui -x 100 -y 30 "env TERM=no-such-terminal $MAIN 2>&1; echo status \$?; sleep 30"
wait_for "TERM=no-such-terminal"
wait_for "status 1"
