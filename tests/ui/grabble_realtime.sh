#!/usr/bin/env bash
# Grabble in real time, as it is played by default: a person against three computers (easy) that play at
# the same time, at 80x24. The person reveals on their turn, grabs CAT the moment it is there (an easy
# computer takes seconds to see it), is refused a word the table cannot make, extends CAT to CATS; the
# computers reveal on their turns and tiles come by themselves after the reveal pause; the bag empties,
# the last seconds pass, and the person sees the result: the winner and every player's score.
source "$(dirname "$0")/lib.bash"
printf '%s\n' cat cats act acts scat cast sea eat tea ate east seat eats teas rat tar art star rats arts \
    tars rate tear ear era are cut > "$WORK/words.txt"
cat > "$WORK/game.txt" <<TRANSCRIPT
% grabble game
% player 1: You, human
% player 2: Ada, computer easy
% player 3: Alan, computer easy
% player 4: Grace, computer easy
% computers: play at the same time
% blanks: none
% minimum length: 3
% word list: $WORK/words.txt
% tiles: A2:1 C1:3 E2:1 R1:1 S1:1 T2:1
% reveal pause: 5s
% last minute: 4s
% bag: CATSERATE
TRANSCRIPT

start -x 80 -y 24 -w "^C quit" --game grabble --load "$WORK/game.txt" --seed 7
wait_for "Your turn to reveal: Space"
keys Space
wait_for "You revealed C"
# The computers reveal on their turns (or the tile comes by itself): A, then T.
wait_re "^Pool +C A T"
keys -l cat; keys Enter
wait_text "You grabbed CAT from C + A + T"
wait_re "1 You +5 +CAT"
keys -l cut; keys Enter
wait_text "CUT needs letters that are not on the table: U"
wait_re "1 You +5 +CAT"                  # refused: nothing changed
wait_for "Your turn to reveal"           # the grabber reveals next
keys Space
wait_for "You revealed S"
keys -l cats; keys Enter
wait_text "You grabbed CATS from your CAT + S"
# The rest of the bag comes out (by the computers' reveals or by itself), the last seconds run out.
wait_long 120 "GAME OVER"
wait_re "GAME OVER: [A-Za-z]+ (wins?|and [A-Za-z]+ share the win|share) "
for p in "1 You" "2 Ada (easy)" "3 Alan (easy)" "4 Grace (easy)"; do
    wait_re "${p//(/\\(}" 
done
screen | grep -E '^.[1-4] [A-Za-z]+( \(easy\))? +[0-9]+' | wc -l | grep -qx 4 || fail "every player's score is shown"
wait_for "r review"
keys q
[ "$(wait_exit)" = 0 ] || fail "the game did not end with status 0"
ls "$XDG_DATA_HOME/gobblet/games/you--ada--alan--grace.txt" >/dev/null || fail "the game was not archived"
echo "ok grabble_realtime"
