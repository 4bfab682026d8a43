#!/usr/bin/env bash
# The two games through each other's menus: Gobblet's settings menu (m) opens Grabble over the board game,
# and leaving Grabble (Ctrl-C, or its new-game screen's last row) comes back to the board as it was;
# Grabble started alone switches to Gobblet from its new-game screen. ^T copies Grabble's transcript.
source "$(dirname "$0")/lib.bash"

printf '%s\n' cat cats act acts > "$WORK/words.txt"
mkdir -p "$XDG_CONFIG_HOME/gobblet"
echo "grabble-words = $WORK/words.txt" > "$XDG_CONFIG_HOME/gobblet/settings"

start -x 80 -y 24 --white Liam --black Eamon
type_move W3B2
wait_moves "1. W3B2"
keys m
wait_for "Play Grabble, the word game"
keys End
keys Enter
wait_for "^C quit"
wait_for "Grabble  bag 100"
keys C-t
wait_text "the transcript is on the clipboard"
keys C-c
wait_for "q quit"
wait_moves "1. W3B2"
# Again, and back through the new-game screen's last row.
keys m
keys End
keys Enter
wait_for "Grabble  bag 100"
keys C-n
wait_for "New game: the next game's settings"
keys End
wait_for "Play Gobblet instead"
keys Enter
wait_for "q quit"
wait_moves "1. W3B2"
keys q
[ "$(wait_exit)" = 0 ] || fail "q"
$T kill-session -t ui

# Grabble alone: its new-game screen's last row opens Gobblet in its place.
start -x 80 -y 24 -w "^C quit" --game grabble
keys C-n
wait_for "New game: the next game's settings"
keys End
wait_for "Play Gobblet instead"
keys Enter
wait_for "q quit"
wait_for "gobblet  official rules"
keys q
[ "$(wait_exit)" = 0 ] || fail "q in Gobblet"
echo "ok grabble_switch"
