# A wrong join code asks for the code again; a refused join (a host that is busy) is said on the joiner's
# screen first, until a key is pressed or 10 s have passed; then the program ends with status 1 and the
# same reason on stderr.
source "$(dirname "$0")/lib.bash"
start --host 127.0.0.1:0 --code ABCD-1111 --white Liam
wait_for "Waiting for the other player"
port=$(host_port)
[ -n "$port" ] || fail "the host shows its port"

# A wrong code (issue 33, item 9): said on the screen, and the code is asked for again; the right one
# then joins, and nothing ended.
start_peer --join "127.0.0.1:$port" --code WXYZ-9999 --black Eamon
wait_peer_text "wrong join code: check the code on the host's screen and type it again"
wait_peer "Join code for 127.0.0.1:$port"
[ ! -s "$WORK/peer-status" ] || fail "a wrong code ended the program"
# (The joiner's screen after the second refusal is the first's: the host's line, which names the
# connection's port, tells them apart, and the code is typed once the prompt is back.)
refused_line() { screen | grep -oE 'a connection from [0-9.]+:[0-9]+ gave a wrong code'; }
wait_for "gave a wrong code"
first=$(refused_line)
peer_keys -l "wxyz8888"
peer_keys Enter
for i in $(seq 100); do
    now=$(refused_line)
    [ -n "$now" ] && [ "$now" != "$first" ] && break
    sleep 0.1
done
[ -n "$now" ] && [ "$now" != "$first" ] || fail "the host did not refuse the second wrong code: $(screen)"
wait_peer_text "wrong join code: check the code on the host's screen and type it again"
wait_peer "Join code for 127.0.0.1:$port (Esc quits):"
sleep 2  # (the refusal reaches the joiner after the host's line, which the joiner's screen cannot show)
peer_keys -l "abcd1111"
peer_keys Enter
wait_peer "you play Black"
wait_for "Eamon is here"

# Busy: a game is in progress with Eamon; a third player is refused, and left alone the notice goes by
# itself after 10 s.
$T new-session -d -s third -x 100 -y 30 \
    "env -u LINES -u COLUMNS LC_ALL=C.UTF-8 TERM=tmux-256color XDG_STATE_HOME=$WORK/third XDG_DATA_HOME=$WORK/third XDG_CONFIG_HOME=$WORK/third $MAIN --join 127.0.0.1:$port --code ABCD-1111 2>$WORK/third-stderr; echo \$? > $WORK/third-status; sleep 60"
for i in $(seq 100); do $T capture-pane -p -t third | grep -qF "busy" && break; sleep 0.1; done
$T capture-pane -p -t third | grep -qF "busy" || fail "the third player is told the host is busy: $($T capture-pane -p -t third)"
$T capture-pane -p -t third | grep -qF "press any key: leave" || fail "the busy notice waits for a key"
for i in $(seq 300); do [ -s "$WORK/third-status" ] && break; sleep 0.1; done
[ "$(cat "$WORK/third-status" 2>/dev/null)" = 1 ] || fail "left alone, the busy notice ends the program (status 1)"
grep -qF "busy" "$WORK/third-stderr" || fail "busy on stderr: $(cat "$WORK/third-stderr")"
# The game between Liam and Eamon goes on.
type_move W3B2
wait_peer "Liam played W3B2"
