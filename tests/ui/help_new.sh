# ? opens help with the active rules and the keys; n starts a new game after asking.
source "$(dirname "$0")/lib.bash"
start --rules rogers
keys '?'
wait_for "Rogers rules: an entering piece may gobble any smaller piece"
wait_for "undo, or step back through the game"
keys x
wait_for "White to move"
play "1. W3B2"
keys n
wait_for "start a new game: keep the current one"
keys d
wait_re "^new game$"
wait_for "White to move"
expect_no "1. W3B2"
