#!/usr/bin/env bash
# A computer opponent from the lobby, and leaving: a bot (./main --bot) posts a seek, Liam accepts it and
# the bot answers his move; q in the match asks first and goes back to the lobby while the server keeps
# the match, Enter on it takes him back with its moves; q (and Ctrl-C) in the lobby ask first while the
# match goes on, and quitting (from the lobby or the match) says how to come back, the terminal as it
# was; the command it prints runs as printed and takes him back to the match.
source "$(dirname "$0")/lib.bash"
start_server unix
"$MAIN" --bot "$SERVER" --name MaxBot --level easy --think 0.1 --seek none 2>"$WORK/bot.log" &
BOT=$!
trap 'kill $BOT 2>/dev/null; stop_server; cleanup' EXIT
start_lobby liam Liam
wait_in liam "logged in as Liam"
wait_in liam "MaxBot (bot)"
wait_in liam "#1 MaxBot (bot) 1500? casual none official 4x4"
lkeys liam a
wait_in liam "q leave"
# The bot is marked as a computer on the board and in the title; no computer plays for Liam.
wait_in liam "MaxBot (remote computer)"
wait_in liam "server game against a computer"
first_against_computer liam Liam
grep -q "MaxBot: plays" "$WORK/bot.log" || fail "the bot says what it plays: $(cat "$WORK/bot.log")"
# q in the match asks; n plays on, y goes back to the lobby.
lkeys liam q
wait_in liam "leave the match against MaxBot?"
lkeys liam n
wait_in liam "play on"
lkeys liam q
wait_in liam "leave the match against MaxBot?"
lkeys liam y
wait_in liam "your match against MaxBot goes on: Enter on it (games) takes you back"
# Its row is not marked while another list has the focus (one "> " on the screen): Right goes there.
wait_in_re liam "^  YOUR MATCH (MaxBot \(bot\) 0-0 Liam|Liam 0-0 MaxBot \(bot\))"
lkeys liam Right
wait_in liam "the games list"
wait_in_re liam "^> YOUR MATCH"
lkeys liam Enter
wait_in liam "q leave"
wait_in liam "$mine"
lkeys liam q
wait_in liam "leave the match against MaxBot?"
lkeys liam y
wait_in liam "Games in progress (1)"
# q in the lobby while the match goes on: asked first.
lkeys liam q
wait_in liam "your match against MaxBot goes on at the server without you: quit anyway?"
lkeys liam n
wait_in liam "staying"
lkeys liam C-c
wait_in liam "quit anyway?"
lkeys liam n
wait_in liam "staying"
# From the match itself: q, then x quits the program.
lkeys liam Enter
wait_in liam "q leave"
lkeys liam q
wait_in liam "leave the match against MaxBot?"
lkeys liam x
[ "$(wait_in_exit liam)" = 0 ] || fail "the lobby's exit status"
wait_in liam "the server keeps your match against MaxBot"
flags=$($T display -p -t "=liam:" '#{alternate_on} #{mouse_any_flag} #{keypad_flag}')
[ "$flags" = "0 0 0" ] || fail "terminal not restored (alternate screen, mouse, keypad: $flags)"
# The command printed runs as printed, and takes Liam back to his match.
back=$($T capture-pane -p -J -t "=liam:" | grep -oE '; .* takes you back to it' | tail -1 |
    sed -e 's/^; //' -e 's/ takes you back to it$//')
[ "$back" = "$MAIN --lobby $SERVER --name Liam" ] || fail "how to come back: [$back]"
$T kill-session -t liam
$T new-session -d -s liam -x 110 -y 32 \
    "env -u LINES -u COLUMNS -u NO_COLOR LC_ALL=C.UTF-8 TERM=tmux-256color XDG_STATE_HOME=$WORK/Liam/state XDG_DATA_HOME=$WORK/Liam/data XDG_CONFIG_HOME=$WORK/Liam/config $back 2>$WORK/liam.stderr; echo \$? > $WORK/liam.status; sleep 60"
wait_in liam "q leave"  # logged in, the lobby opens the match by itself
wait_in liam "MaxBot (remote computer)"
wait_in liam "$mine"
