# Review and replay: Home and End go to the start and the end, < > step, g jumps to a move, any point
# shows its position, and a move played there starts a new line; against the computer it waits while
# the player reviews, until asked to play on. Every move is numbered as the move list numbers it (issue
# 33, item 11): "White's move 2" is the list's "2. W1A1", never the fourth move played.
source "$(dirname "$0")/lib.bash"
start -x 80 -y 24
play "1. W3B2 K1C3" "2. W1A1 K1D4"
keys Home
wait_for "at the start of 2 moves"
wait_for "REVIEW at the start"
expect_no "1. W3B2"
keys g; wait_for "Go to move: 7 White's, 7... Black's, 0 the start (last 2...)"
keys -l 2; keys Enter
wait_for "at White's move 2 of 2"
wait_for "REVIEW at 2. W1A1"
wait_for "2. W1A1"
expect_no "K1D4"
keys '>'
wait_for "replayed K1D4"
keys Home; keys End
wait_for "at Black's move 2 of 2"
keys g; keys -l 3; keys Enter
wait_for "'3' is past the end: the last is Black's move 2"
keys g; keys -l "1..."; keys Enter
wait_for "at Black's move 1 of 2"
wait_for "REVIEW at 1... K1C3"
wait_for "1. W3B2 K1C3"
expect_no "W1A1"
type_move W1A2
wait_for "White played W1A2"
wait_for "2. W1A2"
expect_no "K1D4"
keys '>'
wait_for "nothing to replay"
# Against the computer: stepping back leaves it waiting; Enter lets it play on from there.
keys ']'
wait_for "computer (medium) played"
keys Home
wait_for "at the start of"
keys g; keys -l 1; keys Enter
wait_for "at White's move 1 of"
wait_for "Enter lets the computer play from here"
sleep 1
wait_for "at White's move 1 of"  # it waited
keys Enter
wait_re "1\. W3B2 K[1-3][A-D][1-4]"
wait_for "White to move"
expect_no "REVIEW"
