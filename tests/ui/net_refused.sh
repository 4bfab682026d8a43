# A refused join is said on the joiner's screen first (a wrong code, a host that is busy), until a key is
# pressed or 10 s have passed; then the program ends with status 1 and the same reason on stderr.
source "$(dirname "$0")/lib.bash"
start --host 127.0.0.1:0 --code ABCD-1111 --white Liam
wait_for "Waiting for the other player"
port=$(host_port)
[ -n "$port" ] || fail "the host shows its port"

# A wrong code: on the screen, then on stderr once a key is pressed.
start_peer --join "127.0.0.1:$port" --code WXYZ-9999 --black Eamon
wait_peer "wrong join code"
wait_peer "press any key: leave (or wait 10 s)"
[ ! -s "$WORK/peer-status" ] || fail "the refused joiner stays until a key: it ended at once"
peer_keys '?'
wait_peer "The question: "
wait_peer "check the code on the host's screen"
peer_keys x
wait_peer "press any key: leave"
peer_keys x
[ "$(wait_peer_exit)" = 1 ] || fail "a refused join ends with status 1"
grep -qF "gobblet: " "$WORK/peer-stderr" && grep -qF "wrong join code" "$WORK/peer-stderr" ||
    fail "the reason on stderr: $(cat "$WORK/peer-stderr")"

# Busy: a game is in progress with Eamon; a third player is refused, and left alone the notice goes by
# itself after 10 s.
$T kill-session -t peer
start_peer --join "127.0.0.1:$port" --code ABCD-1111 --black Eamon
wait_peer "you play Black"
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
