# SIGTERM and SIGHUP end the game cleanly, and the moves are kept for --resume.
source "$(dirname "$0")/lib.bash"
start --black computer --think 30 --level max
type_move W3B2
wait_for "computer thinking"
pkill -TERM -f "^$MAIN --black computer --think 30" || fail "no game process"
[ "$(wait_exit)" = 0 ] || fail "SIGTERM: status 0"
grep -qx W3B2 "$XDG_STATE_HOME/gobblet/autosave.txt" || fail "the move was lost"
expect_terminal_restored
