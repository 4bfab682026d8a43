#!/usr/bin/env bash
# Grabble at 80x24: a person plays a whole game against three computers (max level, waiting for the
# person to pass, so that every step is the person's to make): reveals, grabs, is refused in words
# (too short, splits a word, not in the list, a typo), passes, loses a word to a computer that takes it
# (CATSUP from CATS), sees the last words, the result and the scores. The bag's order comes from a
# hand-written transcript opened with --load (it needs only the settings and the bag).
source "$(dirname "$0")/lib.bash"

cat > "$WORK/words.txt" <<'WORDS'
at
cat
act
cats
acts
scat
cast
cut
cup
catsup
teacups
WORDS
cat > "$WORK/short.txt" <<TRANSCRIPT
% grabble game
% player 1: You, human
% player 2: Ada, computer max
% player 3: Alan, computer max
% player 4: Grace, computer max
% computers: wait for the people
% blanks: none
% minimum length: 3
% word list: $WORK/words.txt
% tiles: A1:1 C1:3 E1:1 P1:3 S1:1 T1:1 U1:1 Z1:10
% reveal pause: 0
% last minute: 3s
% bag: CATUSPEZ
TRANSCRIPT

start -x 80 -y 24 -w "^C quit" --game grabble --load "$WORK/short.txt"
wait_for "Your turn to reveal: Space"
wait_for "Grab:"
# The screen's parts at 80x24: the title with the bag, the players, the prompt, the footer's keys.
wait_for "bag 8"
for part in "1 You" "2 Ada (max)" "3 Alan (max)" "4 Grace (max)" "Space reveal" ". pass" "^S save"; do
    wait_for "$part"
done

keys Space
wait_for "You revealed C"
wait_for "bag 7"
# Not a letter: said, nothing typed.
keys '#'
wait_for "'#' is no letter"
keys .                           # the computers (who wait for the people) go on: Ada reveals A
wait_for "Ada revealed A"
keys .
wait_for "Alan revealed T"
keys -l "at"; keys Enter
wait_for "AT is too short: a word here has at least 3 letters"
keys -l "cta"; keys Enter
wait_for "CTA is not in the word list"
keys -l "cat"; keys Enter
wait_for "You grabbed CAT from C + A + T"
wait_re "1 You +5 +CAT"
wait_for "Your turn to reveal"
keys Space
wait_for "You revealed U"
keys -l "cut"; keys Enter
wait_for "CUT splits your CAT: a word is taken whole"
wait_re "1 You +5 +CAT"          # a refusal changes nothing
keys .
wait_for "Ada revealed S"
keys -l "cats"; keys Enter
wait_for "You grabbed CATS from your CAT + S"
wait_re "1 You +6 +CATS"
keys Space
wait_for "You revealed P"
# Passing with CATS, U and P on the table: a computer at max sees CATSUP at once.
keys .
wait_text "grabbed CATSUP from your CATS + U + P"
wait_re "1 You +0 *$"
wait_re "(Ada|Alan|Grace) \(max\) +10 +CATSUP"
# A grab made: every pass is withdrawn, and the computers wait for the person again.
keys .
wait_text "revealed E"
keys .
wait_text "grabbed TEACUPS from"
keys .
wait_text "revealed Z"
wait_for "bag 0"
wait_text "the bag is empty: 3s to make the last words"
wait_for "LAST WORDS"
keys .
wait_re "GAME OVER: (Ada|Alan|Grace) wins with 11"
wait_re "(Ada|Alan|Grace) \(max\) +11 +TEACUPS"
wait_re "1 You +0"
# Over: letters are commands now (q quits), and the footer says so.
wait_for "r review"
keys q
[ "$(wait_exit)" = 0 ] || fail "the game did not end with status 0"
wait_re "game over: (Ada|Alan|Grace) wins with 11"   # said on stdout as the program ends
# The finished game is in the archive, named after its players.
ls "$XDG_DATA_HOME/gobblet/games/you--ada--alan--grace.txt" >/dev/null || fail "the game was not archived"
grep -q "^% result: game over: .* wins with 11" "$XDG_DATA_HOME/gobblet/games/you--ada--alan--grace.txt" \
    || fail "the archive lacks the result"
echo "ok grabble_game"
