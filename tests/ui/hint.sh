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
# With an explicit --threads 2 the computer plays, hints and analyses on two threads.
stop_game; forget_last_game
start --threads 2 --level max --think 0.2 --black computer
keys '!'
wait_for "hint: "
type_move W3B2
wait_for "computer (max) played"
wait_for "White to move"
keys i
wait_re "Analysis  depth [0-9]+  cp "
