#!/usr/bin/env bash
# Grabble in any terminal: colour by default, none with NO_COLOR or --no-color (the newest tile and a
# refusal still stand out, by reverse video and bold); in a locale that is not UTF-8 the screen is plain
# ASCII, a name's other characters shown as '?' (never as the bytes the terminal would garble); a UTF-8
# name as it is in a UTF-8 terminal.
source "$(dirname "$0")/lib.bash"
colours() { $T capture-pane -p -e -t ui | grep -cE $'\e\\[([0-9;]*;)?(3[0-7]|4[0-7]|38;5;[0-9]+)m'; }
reverse() { $T capture-pane -p -e -t ui | grep -cE $'\e\\[([0-9;]*;)?7m'; }
printf 'cat\nact\n' > "$WORK/words.txt"
flags=(--game grabble --words "$WORK/words.txt" --player "Zoë" --computers 1 --level easy --reveal-pause 0 --seed 3)

start -x 80 -y 24 -w "^C quit" "${flags[@]}"
wait_for "1 Zoë"
keys Space
wait_for "Zoë revealed"
[ "$(colours)" -gt 0 ] || fail "colour expected by default"
stop_game

for how in "-e NO_COLOR=1" "--no-color"; do
    rm -rf "$XDG_STATE_HOME/gobblet/grabble"
    start -x 80 -y 24 -w "^C quit" $how "${flags[@]}"
    wait_for "turn to reveal: Space"
    keys Space
    wait_for "Zoë revealed"
    keys -l zz; keys Enter
    wait_for "ZZ is too short"
    [ "$(colours)" -eq 0 ] || fail "$how: no colour expected"
    [ "$(reverse)" -gt 0 ] || fail "$how: the newest tile is in reverse video"
    stop_game
done

# Not UTF-8: ASCII only, a name's Latin letters as the archive's file names write them (Zoë is Zoe).
rm -rf "$XDG_STATE_HOME/gobblet/grabble"
start -x 80 -y 24 -w "^C quit" -e LC_ALL=C "${flags[@]}"
wait_for "1 Zoe "
screen | LC_ALL=C grep -q $'[\x80-\xff]' && fail "C locale: bytes past ASCII on the screen"
screen | grep -qF "M-" && fail "C locale: a name's bytes shown as M- sequences"
keys Space
wait_for "Zoe revealed"
stop_game
echo "ok grabble_terminal"
