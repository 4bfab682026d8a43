#!/usr/bin/env bash
# Every sentence of Grabble's screens fits or wraps at 80x24 (issue 33, item 17): a table of eight
# players with long names (a name was cut at "Maximiliana (max"), the help's every page, the new-game
# screen, the list of games (a row of eight players), two people at the keyboard (the prompt's long
# label), a game over and its review. put_text marks every text it cuts short with "…" (no_cut).
source "$(dirname "$0")/lib.bash"

printf '%s\n' at cat act cats acts scat cast cut cup cups catsup teacups > "$WORK/words.txt"
cat >"$WORK/finished.txt" <<TRANSCRIPT
% grabble game
% date: 2026-11-29 10:00
% player 1: Bartholomew, human
% player 2: Maximiliana, computer max
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
0:01.000 Bartholomew reveals C
0:02.000 Maximiliana reveals A
0:03.000 Alan reveals T
0:04.000 Bartholomew grabs CAT: made
0:05.000 Bartholomew reveals U
0:06.000 Maximiliana reveals S
0:07.000 Alan reveals P
0:08.000 Grace reveals E
0:09.000 Bartholomew reveals Z
% time: 0:20.000
% result: game over: Bartholomew wins with 5 (Bartholomew 5, Maximiliana 0, Alan 0, Grace 0)
TRANSCRIPT

# Eight players, one of them a long name at the top level: every name whole.
start -x 80 -y 24 -w "^C quit" --game grabble --player Bartholomew --player Maximiliana=computer:max \
    --computers 6 --level hard --seed 3 --words "$WORK/words.txt"
wait_for "Maximiliana (max)"
no_cut "a table of eight players"
keys Space
wait_for "Bartholomew revealed"
no_cut "a tile revealed"
keys '?'
wait_for "Grabble: Anagrams in real time"
for i in $(seq 8); do
    no_cut "Grabble's help, page $i"
    keys NPage
    sleep 0.2
done
keys Escape
wait_for "Grab:"
keys C-n
wait_for "New game: the next game's settings"
no_cut "the new-game screen"
keys Escape
wait_for "Grab:"
keys C-s
wait_text "saved to"
no_cut "a game saved"
keys C-o
wait_for "Grabble games, most recent first"
wait_for "Bartholomew and 7 more"
no_cut "the list of games"
keys Escape
stop_game

# Two people at the keyboard: the prompt's label says who types with which number, as it fits.
start -x 80 -y 24 -w "^C quit" --game grabble --player Bartholomew --player Maximiliana --player Ada=computer \
    --words "$WORK/words.txt"
wait_for "Grab"
no_cut "two people at the keyboard"
keys -l "2cat"
wait_for "2cat"
no_cut "a word typed by the second person"
stop_game

# A game over, and its review.
start -x 80 -y 24 -w "q quit" --game grabble --load "$WORK/finished.txt"
wait_for "GAME OVER"
no_cut "a game over"
keys r
wait_for "REVIEW 1/9"
no_cut "the review's start"
keys End
wait_for "REVIEW 9/9"
no_cut "the review's end"
