# Typed moves in the notations players use; the move list and status follow.
source "$(dirname "$0")/lib.bash"
start
type_move "w3b2"
wait_moves "1. W3B2"
wait_for "Black to move"
wait_for "White played W3B2"
type_move "k1 -> c3"
wait_moves "1. W3B2 K1C3"
wait_for "White to move"
type_move "xa1"
wait_moves "2. W1A1"
wait_for "Black to move"
# Backspace edits, Esc clears.
keys -l "C3D5"; keys BSpace BSpace; keys -l "D4"; keys Enter
wait_for "Black played C3D4"
wait_moves "2. W1A1 C3D4"
keys -l "W1A2"; keys Escape
wait_re "^Move: *$"
