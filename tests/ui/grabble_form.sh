#!/usr/bin/env bash
# Grabble's new-game screen, row by row: each setting changes there (left and right step it, Enter types
# it, a bad value is refused in words and changes nothing), is kept in the settings file as its
# grabble-FIELD line, and the game started from the screen has it (the title, the players, the help);
# the next start reads the file. The flags of the same settings: tests/ui/grabble_settings.sh.
source "$(dirname "$0")/lib.bash"
printf 'cat\nact\n' > "$WORK/words.txt"
printf 'act\tact\nact\tcat\nacst\tcats\n' > "$WORK/anagrams.txt"   # the seed's anagram list
: > "$WORK/empty.txt"
mkdir "$WORK/folder"
file="$XDG_CONFIG_HOME/gobblet/settings"

# select_row TEXT: Home, then Down until the row beginning with TEXT is the one selected (in reverse).
select_row() {
    local i
    keys Home
    for i in $(seq 30); do
        sleep 0.15
        $T capture-pane -p -e -t ui | grep -qE $'\e\\[[0-9;]*7m +'"$1" && return 0
        keys Down
    done
    fail "no row '$1' on the new-game screen"
}
# type_value TEXT: Enter on the row selected, its text cleared, TEXT typed and taken.
type_value() {
    keys Enter
    wait_for "Enter takes it"
    keys -N 80 BSpace
    keys -l "$1"; keys Enter
}
# wait_gone TEXT: waits (up to 10 s) until TEXT has left the screen.
wait_gone() {
    local i
    for i in $(seq 100); do
        screen | grep -qF -- "$1" || return 0
        sleep 0.1
    done
    fail "still on the screen: $1"
}
kept() { grep -qx "grabble-$1" "$file" || { cat "$file"; fail "the settings file lacks grabble-$1"; }; }

start -x 80 -y 24 -w "^C quit" --game grabble --words "$WORK/words.txt" --player Ali --computers 1
keys C-n
wait_for "New game: the next game's settings"

# The players: a computer's level steps; a name typed makes a person; a name taken twice is refused.
select_row "Player 2"
keys Right
wait_re "Player 2 +Ada, computer hard"
kept "players = Ali, Ada=computer:hard"
type_value "Ali"
wait_text "Ali plays already: each player needs a name of their own"
wait_re "Player 2 +Ada, computer hard"
type_value "Bo"
wait_re "Player 2 +Bo, a person here"
type_value "Bo=computer:genius"
wait_text "genius"
wait_re "Player 2 +Bo, a person here"
select_row "Add a player"
keys Enter
wait_re "Player 3 +[A-Z][a-z]+, computer medium"
# Removed, and the selection stays on the row to remove one: Enter again removes Bo too.
select_row "Remove the last player"
keys Enter
wait_gone "Player 3"
wait_re "Player 2 +Bo, a person here"
keys Enter
wait_gone "Player 2"
wait_re "Player 1 +Ali, a person here"
# Added back: Enter twice on the row to add one (the selection stays there), then Bo typed again.
select_row "Add a player"
keys Enter
wait_re "Player 2 +[A-Z][a-z]+, computer medium"
keys Enter
wait_re "Player 3 +[A-Z][a-z]+, computer medium"
select_row "Player 2"
type_value "Bo"
wait_re "Player 2 +Bo, a person here"
kept "players = Ali, Bo, [A-Z][a-z]*=computer:medium"

select_row "The computers"
keys Right
wait_re "The computers +wait until every person passes"
kept "computers-play = wait"
select_row "Blanks"
keys Right; keys Right                      # non-sticking, none, sticking
wait_re "Blanks +sticking"
kept "blanks = sticking"
select_row "Minimum word length"
keys Right
wait_re "Minimum word length +4"
kept "min-length = 4"

# The word list: a folder and an empty file are refused, and the row stays; the seed's anagram list is read.
select_row "Word list"
type_value "$WORK/folder"
wait_text "cannot read $WORK/folder: it is a folder"
wait_re "Word list +$WORK/words.txt"
type_value "$WORK/empty.txt"
wait_text "the word list is empty"
wait_re "Word list +$WORK/words.txt"
type_value "$WORK/anagrams.txt"
wait_text "word list $WORK/anagrams.txt: 3 words"
wait_re "Word list +$WORK/anagrams.txt"
kept "words = $WORK/anagrams.txt"

select_row "Tiles"
type_value "english Q"
wait_text "tiles: 'Q' needs a count from 0 to 50 after the face (A9:1)"
wait_re "Tiles +english$"
type_value "english Q0 ?4"
wait_re "Tiles +english Q0 \?4"
kept "tiles = english Q0 ?4"
select_row "Scoring"
keys Right
wait_re "Scoring +length-squared"
kept "scoring = length-squared"
select_row "Show clues"
keys Right
wait_re "Show clues.* on$"
kept "clues = on"
select_row "Tie window"
type_value "9s"
wait_text "tie-window: 9s is out of range"
type_value "1s"
wait_re "Tie window.* 1s$"
kept "tie-window = 1s"
select_row "Reveal pause"
type_value "0"
wait_re "Reveal pause.* off$"
kept "reveal-pause = 0s"
select_row "Last minute"
keys Right
wait_re "Last minute.* 2m$"
kept "last-minute = 2m"
select_row "Colours"
keys Right
wait_re "Colours +off"
grep -qx "color = off" "$file" || fail "the colours were not kept"

# Started from the screen: every setting is the game's.
keys Home; keys Enter
# (At 80 columns the title has no room left for "computers wait": the help says it.)
wait_for "Grabble  bag 101  min 4  sticking blanks  length-squared scoring"
wait_for "1 Ali"
wait_for "2 Bo"
wait_re " 3 [A-Z][a-z]+ \(medium\)"
keys ?
wait_text "Minimum length 4; blanks sticking; scoring length-squared; word list $WORK/anagrams.txt (3 words); tie window 1s, reveal pause off, last minute 2m; the computers wait until every person has passed; clues on."
keys q
stop_game
rm -rf "$XDG_STATE_HOME/gobblet/grabble"

# The next start, without flags, reads them all from the file.
start -x 100 -y 24 -w "^C quit" --game grabble
wait_for "Grabble  bag 101  min 4  sticking blanks  length-squared scoring  computers wait  anagrams.txt"
wait_for "2 Bo"
echo "ok grabble_form"
