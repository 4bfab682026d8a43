# A terminal too small for the board shows a notice until it grows again; nothing is lost.
source "$(dirname "$0")/lib.bash"
start
type_move W3B2; wait_for "Black to move"
$T resize-window -t ui -x 60 -y 20
wait_for "The terminal is 60x20; the 4x4 board needs at least 80x24."
$T resize-window -t ui -x 80 -y 24
wait_for "Black to move"
wait_for "1. W3B2"
expect_no "The terminal is"
