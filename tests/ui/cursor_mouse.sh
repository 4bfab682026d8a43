# Without typing: the cursor (arrows and h/j/k/l) picks a stack's piece up and puts it down, legal
# destinations are marked, and mouse clicks do the same.
source "$(dirname "$0")/lib.bash"
start
# From A1, right past the board reaches White's stacks; Enter picks stack X up.
keys Right Right Right Right Enter
wait_for "picked up W1"
wait_for "*"
# Back onto the board at A4, then down to B4 with j, and put it down.
keys Left j Enter
wait_for "White played W1B4"
# Black's turn: l/h/k move too; pick the piece up from stack Y with the mouse, put it on C3 by click.
# X10 mouse encoding: ESC [ M, then button+32, column+33, row+33 (0-based screen cells).
click() {
    local at
    at=$(printf "\\x$(printf %x $(($1 + 33)))\\x$(printf %x $(($2 + 33)))")
    keys -l $'\e[M '"$at"   # press
    keys -l $'\e[M#'"$at"   # release
}
click 56 8   # Black's stack Y in the panel
wait_for "picked up K2"
click 30 9   # square C3
wait_for "Black played K2C3"
wait_for "White to move"
# Clicking the opponent's piece explains why it cannot be picked up.
click 30 9
wait_for "the piece on C3 is Black's"
