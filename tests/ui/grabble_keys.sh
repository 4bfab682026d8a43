#!/usr/bin/env bash
# Grabble's key rows (ui/key_rows.h): the footer offers a key only while it works, and a key pressed when
# it does not says why and changes nothing: Esc with nothing typed, . with a word typed, Space on a
# computer's turn or once the bag is empty, a person passing twice; once the game is over, the review's
# steps only in the review, and r not twice. Its game shows the clues (the words there are to grab).
source "$(dirname "$0")/lib.bash"

printf 'cat\nact\n' > "$WORK/words.txt"
game() {  # game PLAYER1 PLAYER2: a hand-written transcript of two players, bag CATZ
    cat > "$WORK/game.txt" <<TRANSCRIPT
% grabble game
% player 1: $1
% player 2: $2
% computers: wait for the people
% blanks: none
% minimum length: 3
% word list: $WORK/words.txt
% tiles: A1:1 C1:3 T1:1 Z1:10
% reveal pause: 0
% last minute: 30s
% clues: on
% bag: CATZ
TRANSCRIPT
}
footer() { screen | tail -n 2; }
footer_has() { footer | grep -qF -- "$1" || fail "the footer lacks '$1'"; }
footer_lacks() { footer | grep -qF -- "$1" && fail "the footer offers '$1', which does not work now"; return 0; }

game "You, human" "Ada, computer max"
start -x 80 -y 24 -w "^C quit" --game grabble --load "$WORK/game.txt"
wait_for "Your turn to reveal: Space"
footer_has "Space reveal"; footer_has ". pass"; footer_lacks "Esc clear"
keys Escape
wait_for "nothing typed to clear"
# A word typed: Esc clears it, and . is no pass.
keys -l "ca"
wait_for "Grab: ca"
footer_has "Esc clear"; footer_lacks ". pass"
keys .
wait_text "a pass is . alone, or a player's number and . (2.): Esc clears the word"
wait_for "Grab: ca"              # the word typed is still there
keys Escape
wait_re "^Grab: *$"
footer_lacks "Esc clear"
keys Space
wait_for "You revealed C"
# Ada's turn: she waits for the person to pass; Space is not offered, and says why.
wait_for "Ada reveals next"
footer_lacks "Space reveal"
keys Space
wait_text "it is Ada's turn to reveal: a computer reveals on its own"
wait_for "bag 3"                 # nothing came out
keys .
wait_for "Ada revealed A"
wait_for "Your turn to reveal"
footer_has "Space reveal"
keys Space
wait_for "You revealed T"
wait_re "Clues: (CAT ACT|ACT CAT)"
keys -l cat; keys Enter
wait_for "You grabbed CAT"
wait_for "Clues: none"
keys Space
wait_for "You revealed Z"
# The bag is empty: the last words, and no reveal.
wait_for "LAST WORDS"
footer_lacks "Space reveal"
keys Space
wait_text "the bag is empty: make the last words, or pass (.)"
keys .
wait_for "GAME OVER: You win with 5"
# Over: the review's steps work in the review only.
footer_has "r review"; footer_lacks "left right step"; footer_lacks "Esc back"
keys Left
wait_for "not in the review: r starts it"
keys r
wait_for "REVIEW 1/"
footer_has "left right step"; footer_has "Esc back"; footer_lacks "r review"
keys r
wait_text "in the review already: left and right step, Esc leaves it"
keys Right
wait_for "REVIEW 2/"
keys Escape
wait_for "GAME OVER"
footer_has "r review"
stop_game

# Two people at one keyboard: a person who has passed is not passed again, and is told so.
game "Ali, human" "Bo, human"
start -x 80 -y 24 -w "^C quit" --game grabble --load "$WORK/game.txt"
wait_for "Ali's turn to reveal: Space"
keys -l "1."
wait_for "Ali passed"
keys -l "1"
wait_for "Grab (number first: 1 Ali 2 Bo): 1"
footer_lacks ". pass"
keys .
wait_text "Ali has passed already: the next tile comes when everyone has"
keys BSpace
wait_re "^Grab \(number first: 1 Ali 2 Bo\): *$"
footer_has ". pass"
keys .                           # passes for Bo (Ali has): everyone has, and the next tile comes
wait_for "Bo passed"
wait_re "C came out|revealed C"
echo "ok grabble_keys"
