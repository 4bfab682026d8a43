# While the computer thinks the screen stays live; undo and switching it off interrupt it at once.
source "$(dirname "$0")/lib.bash"
start --black computer --level max --think 60
type_move W3B2
wait_for "computer thinking"
wait_for "depth"
keys '<'
wait_for "took back W3B2"
wait_for "White to move"
expect_no "computer thinking"
type_move W3B2
wait_for "computer thinking"
keys ']'
wait_for "computer plays Black: off"
expect_no "computer thinking"
type_move K1C3
wait_for "White to move"
keys q
[ "$(wait_exit)" = 0 ] || fail "quit while idle"
