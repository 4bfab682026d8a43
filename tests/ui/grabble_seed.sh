#!/usr/bin/env bash
# The seed's example game on the screen, four people at one keyboard (each grab starts with its player's
# number): the same reveals and shouts give the same refusals in words (AT too short, TAC not in the
# list, ACT adds no tile, CUT splits CAT, CATS and SCAT clash and wait, CAST adds no tile), the same
# grabs (CAT, ACTS, PUB with the blank as B, TEACUPS from ACTS and PU-), and the same table: Carol's
# TeACUPS, nothing else. (The rules' own test of it: tests/test_grabble_rules.cpp; its transcript:
# tests/fixtures/ali--bala--carol--ding.txt.) Its tie window is 1s: the script's two shouts sent at once
# fall well within it, and it waits 5s (five windows) for the clashed shouts to let their tiles go.
source "$(dirname "$0")/lib.bash"
printf '%s\n' at act cat cats scat acts cast pub cup cups put up teacups catsup cut captures > "$WORK/seed.txt"
cat > "$WORK/seed-game.txt" <<TRANSCRIPT
% grabble game
% player 1: Ali, human
% player 2: Bala, human
% player 3: Carol, human
% player 4: Ding, human
% blanks: non-sticking
% minimum length: 3
% word list: $WORK/seed.txt
% tie window: 1s
% reveal pause: 0
% bag: ATCUSP?AAAAAAAABBCDDDDEEEEEEEEEEEEFFGGGHHIIIIIIIIIJKLLLLMMNNNNNNOOOOOOOOPQRRRRRRSSSTTTTTUUUVVWWXYYZ?
TRANSCRIPT
shout() { keys -l "$1"; keys Enter; }

start -x 80 -y 24 -w "^C quit" --game grabble --load "$WORK/seed-game.txt"
wait_for "Ali's turn to reveal: Space"
keys Space
wait_for "Ali revealed A"
keys Space
wait_for "Bala revealed T"
shout 1at
wait_text "AT is too short: a word here has at least 3 letters"
keys Space
wait_for "Carol revealed C"
shout 3tac
wait_text "TAC is not in the word list"
shout 2cat
wait_text "Bala grabbed CAT from A + T + C"
wait_re "2 Bala +5 +CAT"
shout 4act
wait_text "ACT adds no tile to Bala's CAT: take a word with at least one tile from the pool"
wait_for "Bala's turn to reveal"          # the grabber reveals next
keys Space
wait_for "Bala revealed U"
shout 2cut
wait_text "CUT splits Bala's CAT: a word is taken whole"
keys Space
wait_for "Carol revealed S"
# Ding's CATS and Bala's SCAT at once: both refused, and they wait for the next tile.
keys -l 4cats; keys Enter; keys -l 2scat; keys Enter
wait_text "CATS clashes with Bala's SCAT: both wait for the next tile"
wait_text "SCAT clashes with Ding's CATS: both wait for the next tile"
wait_re "2 Bala +5 +CAT"
shout 4cats
wait_text "CATS clashed with Bala's SCAT and waits for the next tile"
sleep 5                                   # the clashed shouts' window is over: their tiles are free
shout 1acts
wait_text "Ali grabbed ACTS from Bala's CAT + S"
wait_re "1 Ali +6 +ACTS"
wait_re "2 Bala +0 *$"
keys Space
wait_for "Ali revealed P"
shout 4cast
wait_text "CAST adds no tile to Ali's ACTS"
keys Space
wait_for "Bala revealed a blank"
shout 4pub
wait_text "Ding grabbed PUb from U + P + ?"
wait_re "4 Ding +4 +PUb"
shout 3teacups
wait_text "Carol grabbed TeACUPS from Ali's ACTS + Ding's PUb"
# The seed's table: pool empty, Carol T-ACUPS (the blank an E, worth nothing), the others nothing.
wait_re "3 Carol +10 +TeACUPS"
wait_re "1 Ali +0 *$"
wait_re "4 Ding +0 *$"
wait_for "Pool  (empty)"
echo "ok grabble_seed"
