# Undo takes back moves, redo replays them, and a new move after undoing replaces the undone ones.
source "$(dirname "$0")/lib.bash"
start
play "1. W3B2 K1C3"
keys '<'
wait_for "took back K1C3"
wait_for "Black to move"
expect_no "1. W3B2 K1C3"
keys u
wait_for "took back W3B2"
wait_for "White to move"
keys '>'
wait_for "replayed W3B2"
keys r
wait_for "replayed K1C3"
wait_for "1. W3B2 K1C3"
keys '<'; wait_for "took back K1C3"
type_move "K1A1"
wait_for "1. W3B2 K1A1"
keys '>'
wait_for "nothing to replay"
