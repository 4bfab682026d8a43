# An illegal move is refused with the engine's reason and nothing else changes. A typed move is a whole
# move: under the official rules a refused one touches nothing (issue 33, 14), so a typo of the
# destination keeps the choice of piece; a piece picked up with the cursor is the touch.
source "$(dirname "$0")/lib.bash"
start
play "1. W3B2"
type_move "K1B2"
wait_for "B2 holds a piece of the same size"
wait_for "Black to move"
type_move "C3A1"
wait_for "C3 is empty"
type_move "Q9Z9"
wait_for "Q9Z9"
wait_for "Black to move"
type_move "K1C3"
wait_moves "1. W3B2 K1C3"
# White's 4 on B2 onto Black's 4 on C3: refused, and B2 is not touched: another piece may move.
type_move "B2C3"
wait_for "B2C3: C3 holds a piece of the same size"
expect_no "touched"
type_move "W1A1"
wait_moves "2. W1A1"
# Black picks up C3 with the cursor: that is the touch, and then only C3 may move.
keys Down Down Right Right Enter
wait_for "picked up the piece on C3: choose where to put it (official rules: it is touched and must be moved)"
keys Escape
wait_for "official rules: the piece you picked up is touched and must be the one you move"
type_move "K1D4"
wait_for "K1D4: official rules: you touched the piece on C3, so you must move it"
type_move "C3D4"
wait_for "Black played C3D4"
wait_moves "2. W1A1 C3D4"
