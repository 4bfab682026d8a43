# A line of four wins: the status says who and why, and the line is marked on the board.
source "$(dirname "$0")/lib.bash"
start
for m in W3A1 K3D1 W3A2 K3D2 W3A3 K3D3; do type_move $m; done
wait_for "White to move"
type_move W2A4
wait_for "White wins: four in a row on row A"
[ "$(screen | grep -o '│line' | wc -l)" -eq 4 ] || fail "the four squares of the line are marked"
type_move K2D4
wait_for "the game is over"
