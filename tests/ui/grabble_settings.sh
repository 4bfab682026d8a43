#!/usr/bin/env bash
# Grabble's settings on the screen: every setting flag shows in the title, the players' rows and the help;
# several people at one keyboard say whose grab it is with a number (2zzzz is Bala's), a number that is no
# person's is refused, and . passes for them all; the new-game screen changes a setting, keeps it in the
# settings file (grabble-FIELD) and starts the game with it; the next start reads the file, and a flag
# wins over it; the help stops the game's time; a terminal below 80x24 says what it needs.
source "$(dirname "$0")/lib.bash"

printf '%s\n' cat cats act acts scat cast tact tacts > "$WORK/words.txt"
start -x 80 -y 24 -w "^C quit" --game grabble --player Ali --player Bala --computers 1 --level hard \
    --blanks sticking --min-length 4 --scoring tiles --clues on --tie-window 500ms --reveal-pause 3s \
    --last-minute 30s --computers-play wait --words "$WORK/words.txt" --tiles "'A2:1 C1:3 S1:1 T3:1'" --seed 5
wait_for "Grabble  bag 7  min 4  sticking blanks  tiles scoring  computers wait"
wait_re ">1 Ali +0"
wait_re " 2 Bala +0"
wait_re " 3 Ada \(hard\) +0"
wait_for "Clues: none"
wait_for "Grab (number first: 1 Ali 2 Bala):"
keys '?'
wait_text "This game: 1 Ali (person), 2 Bala (person), 3 Ada (hard)."
wait_text "Minimum length 4; blanks sticking; scoring tiles; word list $WORK/words.txt (8 words); tie window 500ms, reveal pause 3s, last minute 30s; the computers wait until every person has passed; clues on."
# The game's time stands under the help: after more than the reveal pause, no tile came.
sleep 4
keys Escape
wait_for "Ali's turn to reveal: Space"
wait_for "bag 7"
keys Space
wait_text "Ali revealed"
wait_for "bag 6"
keys -l "zzzz"; keys Enter
wait_text "say whose it is, with the player's number first: 1zzzz for Ali, 2zzzz for Bala"
wait_for "Grab (number first: 1 Ali 2 Bala): zzzz"
keys Escape
keys -l "2zzzz"; keys Enter
wait_text "Bala: ZZZZ is not in the word list"
keys -l "3cats"; keys Enter
wait_text "3 is Ada, a computer"
keys Escape
keys -l "9cats"; keys Enter
wait_text "there is no player 9: the players are numbered 1 to 3"
keys Escape
keys .
wait_text "Ali passed"
wait_text "Bala passed"
keys C-c
[ "$(wait_exit)" = 0 ] || fail "Ctrl-C"
$T kill-session -t ui
rm -rf "$XDG_STATE_HOME/gobblet/grabble"

# The new-game screen: the minimum length up by one, kept in the settings file, the game started with it.
start -x 80 -y 24 -w "^C quit" --game grabble --words "$WORK/words.txt" --player Ali --computers 1
wait_for "min 3"
keys C-n
wait_for "New game: the next game's settings"
wait_for "PAUSED:"
for i in $(seq 7); do keys Down; done     # Start, Ali, Ada, add, remove, computers, blanks, minimum
keys Right
wait_re "Minimum word length +4"
grep -qx "grabble-min-length = 4" "$XDG_CONFIG_HOME/gobblet/settings" || fail "the setting was not kept"
keys Home
keys Enter
wait_for "Grabble  bag 100  min 4"
keys C-c
[ "$(wait_exit)" = 0 ] || fail "Ctrl-C"
$T kill-session -t ui
rm -rf "$XDG_STATE_HOME/gobblet/grabble"
# The next start reads the file (what the new-game screen changed; flags are never written there).
start -x 80 -y 24 -w "^C quit" --game grabble --words "$WORK/words.txt"
wait_for "min 4"
keys C-c
wait_exit >/dev/null
$T kill-session -t ui
rm -rf "$XDG_STATE_HOME/gobblet/grabble"
start -x 80 -y 24 -w "^C quit" --game grabble --words "$WORK/words.txt" --min-length 5
wait_for "min 5"
grep -qx "grabble-min-length = 4" "$XDG_CONFIG_HOME/gobblet/settings" || fail "a flag was written to the file"
grep -q "grabble-words" "$XDG_CONFIG_HOME/gobblet/settings" && fail "--words was written to the file"

# Smaller than 80x24: said, and the game waits.
$T resize-window -t ui -x 70 -y 20
wait_text "The terminal is 70x20; Grabble needs 80x24."
$T resize-window -t ui -x 80 -y 24
wait_for "Grab:"
keys C-c
[ "$(wait_exit)" = 0 ] || fail "Ctrl-C"
echo "ok grabble_settings"
