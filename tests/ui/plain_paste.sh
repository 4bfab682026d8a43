# Pastes the terminal does not bracket arrive as keys. A few short lines at once could be typing (keys
# typed ahead over a slow link arrive so too): they act as typed keys, move by move. A burst too large
# for typing, such as a saved game, is one paste, checked and applied as a whole.
source "$(dirname "$0")/lib.bash"
start --rules rogers
keys -l $'W3B2\rK1C3\rW1A1\r'
wait_moves "2. W1A1"
wait_moves "1. W3B2 K1C3"
wait_for "White played W1A1"
expect_no "paste"
wait_for "Black to move"
# The Liam/Eamon match, unbracketed: one paste (a whole game, from the start: replace this one?).
$T load-buffer -b p "$FIXTURE"; $T paste-buffer -b p -t ui
wait_for "the paste is a whole game of 19 moves: replace the current game with it?"
keys y
wait_for "replaced the game with the pasted one (19 moves)"
wait_moves "19. C4A4 C4D1"
