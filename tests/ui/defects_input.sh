# Play-experience defects about input (each failed before its fix): typed moves at either side's turn
# whatever their first letter (2), errors quoting the input exactly as typed (6), an empty Enter never
# touching a piece (7), a refused typed move touching nothing (8, issue 33 item 14), the hint and the `*`
# marks respecting the touched piece (1).
source "$(dirname "$0")/lib.bash"
start -x 80 -y 24
type_move W1A1; wait_for "Black to move"
# 2: at Black's turn a lower-case k1a4 is a move, not "cursor up" followed by text.
type_move k1a4
wait_for "Black played K1A4"
wait_for "White to move"
# 7: Enter on an empty prompt says what to do and touches nothing (the cursor rests on A1, White's piece).
keys Enter
wait_for "Type a move (like W3B2) and press Enter"
expect_no "touched"
expect_no "picked up"
# 6: errors quote the input exactly as typed.
type_move ZZ99
wait_for "ZZ99: "
type_move W3E5
wait_for "W3E5: E5 is not a square or a stack"
type_move Q9Z9
wait_for "Q9Z9: Q9 is not a square"
# 8 (issue 33, 14): a refused typed move touches nothing, even of one's own piece: the piece is free.
type_move A1A1
wait_for "A1A1: a piece must move to another square"
expect_no "touched"
# 1: a piece picked up with the cursor is touched; the `*` marks and the hint are moves of A1 only.
keys Left  # cursor mode, on A1
keys Enter
wait_for "picked up the piece on A1"
[ "$(screen | grep -o '│\* ' | wc -l)" -ge 10 ] || fail "A1's destinations are marked"
keys '!'
wait_re "hint: A1[A-D][1-4]"
keys Escape
wait_for "official rules: the piece you picked up is touched and must be the one you move"
