# Names, not colours (issue 33, item 13): a match against the computer opened again (o, a paste, --load)
# into a game of two people keeps the computer's name, and the computer plays its side again; a player
# nobody named has one name on the screen and in the file (their colour in round 1, never "(human)"); a
# name with brackets of its own takes the colour into them ("computer (easy, Black) to move").
source "$(dirname "$0")/lib.bash"
start -x 130 -y 30 --white Liam --black computer:easy --first-to 2 --seed 3
type_move W1A1; wait_re "1\. W1A1 +K[1-3]"
keys s; wait_for "saved to"
saved=$(ls "$XDG_DATA_HOME"/gobblet/saves/game-*.txt)
grep -qxF "% seat black: computer easy" "$saved" || fail "the save names the computer's seat"
keys ']'  # Black back to a person: a game of two people
wait_for "computer plays Black: off"
wait_for "round 1  Liam 0 - 0 Black  first to 2"
keys o; wait_for "Saved and archived games"; keys Enter
wait_text "opened $(basename "$saved")"
wait_for "round 1  Liam 0 - 0 computer (easy)  first to 2"
wait_for "Black  computer (easy)"
type_move W2A2
wait_re "2\. W2A2 +K[1-3][A-D][1-4]"  # the computer plays its side again
# Black to move, shown in the review: "computer (easy, Black) to move", one pair of brackets.
keys g; keys -l 2; keys Enter
wait_for "at White's move 2 of 2"
wait_for "computer (easy, Black) to move"
expect_no "computer (easy) (Black)"
keys End
# A paste of the same record, into a game of two people again.
keys ']'
wait_for "computer plays Black: off"
wait_for "Liam 0 - 0 Black"
paste "$saved"
wait_text "replace the current game with it?"
keys y
wait_text "replaced the game with the pasted one"
wait_for "round 1  Liam 0 - 0 computer (easy)  first to 2"
wait_for "Black  computer (easy)"
stop_game; forget_last_game
# --load, into a start with two people on the command line's seats: the file's seats.
start --load "$saved"
wait_for "Black  computer (easy)"
stop_game; forget_last_game

# Nobody named: "White" and "Black" on the screen as in the file.
start --first-to 2
wait_for "round 1  White 0 - 0 Black  first to 2"
expect_no "(human)"
keys s; wait_for "saved to"
file=$(ls -t "$XDG_DATA_HOME"/gobblet/saves/game-*.txt | head -1)
grep -qxF "% white: White" "$file" || fail "the file names White: $(grep '^% white' "$file")"
grep -qxF "% black: Black" "$file" || fail "the file names Black: $(grep '^% black' "$file")"
stop_game
