# ! shows the move the computer would play and why, without playing it.
source "$(dirname "$0")/lib.bash"
start
play "1. W3A1 K3D1" "2. W3A2 K3D2" "3. W3A3"
keys '!'
wait_for "hint: "
wait_for "blocks row A"
wait_for "Black to move"
type_move K3A4
wait_moves "3. W3A3 K3A4"
wait_for "White to move"
