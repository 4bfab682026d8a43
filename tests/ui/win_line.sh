# A line of four wins: the status says who and why, and the line is marked on the board.
source "$(dirname "$0")/lib.bash"
start
play "1. W3A1 K3D1" "2. W3A2 K3D2" "3. W3A3 K3D3"
type_move W2A4
wait_for "White wins: four in a row on row A"
[ "$(screen | grep -o '│line' | wc -l)" -eq 4 ] || fail "the four squares of the line are marked"
type_move K2D4
wait_for "the game is over: n starts a new one"
