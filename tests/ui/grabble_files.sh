#!/usr/bin/env bash
# Grabble's files: ^S saves under the players' names, Ctrl-C quits with the game autosaved and says how
# to go on, --resume goes on where it stood, a pasted transcript opens (the game on the table kept in the
# saves first) and a bad one changes nothing, ^O lists the games, and a finished game is reviewed tile by
# tile with the words nobody took ("nobody saw CATSUP").
source "$(dirname "$0")/lib.bash"

printf '%s\n' at cat act cats acts scat cast cut cup cups catsup teacups > "$WORK/words.txt"
head_lines() {  # the settings and bag of a short game
    cat <<TRANSCRIPT
% grabble game
% date: 2026-11-29 10:00
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
}
head_lines > "$WORK/short.txt"
# The same game at its end: CAT grabbed, then nobody grabbed again (CATS, then CATSUP, were there).
{ head_lines; cat <<'EVENTS'
0:01.000 You reveals C
0:02.000 Ada reveals A
0:03.000 Alan reveals T
0:04.000 You grabs CAT: made
0:05.000 You reveals U
0:06.000 Ada reveals S
0:07.000 Alan reveals P
0:08.000 Grace reveals E
0:09.000 You reveals Z
% time: 0:20.000
% result: game over: You win with 5 (You 5, Ada 0, Alan 0, Grace 0)
EVENTS
} > "$WORK/finished.txt"
# Another game under way: two tiles out.
{ head_lines | sed 's/^% date: .*/% date: 2026-11-29 11:00/'; cat <<'EVENTS'
0:01.000 You reveals C
0:02.000 Ada reveals A
EVENTS
} > "$WORK/pasted.txt"

start -x 80 -y 24 -w "^C quit" --game grabble --load "$WORK/short.txt"
wait_for "Your turn to reveal"
keys Space
wait_for "You revealed C"
keys .
wait_for "Ada revealed A"
keys C-s
wait_text "saved to $XDG_DATA_HOME/gobblet/saves/you--ada--alan--grace.txt"
grep -q "^0:.* Ada reveals A$" "$XDG_DATA_HOME/gobblet/saves/you--ada--alan--grace.txt" || fail "the save lacks Ada's reveal"
keys C-c
[ "$(wait_exit)" = 0 ] || fail "Ctrl-C did not end the game with status 0"
wait_text "the game is saved: $MAIN --game grabble --resume continues it"
$T kill-session -t ui

# --resume: the same table, and the game goes on from there.
start -x 80 -y 24 -w "^C quit" --game grabble --resume
wait_text "resumed: You, Ada, Alan, Grace, 6 tiles in the bag"
wait_re "^Pool  C A$"
keys .
wait_for "Alan revealed T"
wait_re "^Pool  C A T"

# A paste that is not a game, and a transcript whose word list is not there: said, nothing changes.
$T set-buffer -b p "hello world"; $T paste-buffer -p -b p -t ui
wait_text "the paste is not a Grabble transcript"
paste "$(fixtures_dir)/ali--bala--carol--ding.txt"
wait_text "the pasted transcript: line 10"
wait_text "seed-words.txt"
wait_re "^Pool  C A T"
# A word pasted at the prompt is typed.
$T set-buffer -b p "cat"; $T paste-buffer -p -b p -t ui
wait_for "Grab: cat"
keys Escape
wait_re "^Grab:$"
# A good transcript: the game under way is kept in the saves, and the pasted one goes on.
paste "$WORK/pasted.txt"
wait_text "kept before the one opened"
wait_re "^Pool  C A$"
ls "$XDG_DATA_HOME"/gobblet/saves/you--ada--alan--grace-*.txt >/dev/null || fail "the game under way was not kept"

# ^O: the saves listed with their dates; Esc closes the list.
keys C-o
wait_for "Grabble games, most recent first"
wait_for "2026-11-29 10:00  You, Ada, Alan, Grace  in progress"
# The game stands under the list, and shows no tile: a list left open is no way to think off the clock.
wait_for "Pool  (hidden while the game stands)"
wait_for "PAUSED:"
keys Escape
wait_for "Grab:"

# A finished game, loaded from the list: over, then reviewed.
cp "$WORK/finished.txt" "$XDG_DATA_HOME/gobblet/saves/finished.txt"
touch "$XDG_DATA_HOME/gobblet/saves/finished.txt"
keys C-o
wait_for "Grabble games, most recent first"
wait_for "You win with 5"
keys Enter
wait_for "GAME OVER: You win with 5"
wait_re "1 You +5 +CAT"
keys r
wait_for "REVIEW 1/"
wait_for "You revealed C"
keys End
wait_for "You revealed Z"
keys Home
for i in 1 2 3 4 5; do keys Right; done
wait_for "Ada revealed S"
wait_text "nobody saw CATS, ACTS, SCAT, CAST"
keys Right
wait_for "Alan revealed P"
wait_text "nobody saw CATSUP"
keys Left
wait_for "Ada revealed S"
keys Escape
wait_for "GAME OVER: You win with 5"
keys q
[ "$(wait_exit)" = 0 ] || fail "q did not end the finished game's screen"
echo "ok grabble_files"
