# A hostile peer against a real host on the loopback: garbage, a megabyte line, a wrong code, silence,
# an illegal move, a move out of turn, a wrong move number, escape sequences in its name and chat, a
# hang-up mid-move. Each gives a clear message on the host's screen; nothing crashes or hangs; no escape
# sequence reaches the terminal; the game stays intact and saved, and the host keeps its seat open.
source "$(dirname "$0")/lib.bash"
PEER=${GOBBLET_HOSTILE_PEER:-$ROOT/build/hostile-peer}
[ -x "$PEER" ] || fail "build/hostile-peer is missing (make builds it with the unit tests)"
start --host 127.0.0.1:0 --code ABCD-9999 --white Liam
wait_for "Waiting for the other player"
port=$(host_port)
$T set -t ui set-titles on 2>/dev/null
title_before=$($T display -p -t ui '#{pane_title}')
hostile() {  # hostile MODE [args]: runs the peer, its log in $WORK/MODE.log
    local mode=$1 code=ABCD-9999; shift
    [ "$mode" = wrong-code ] && code=WXYZ-1234
    timeout 60 "$PEER" "127.0.0.1:$port" "$mode" --code "$code" "$@" > "$WORK/$mode.log" 2>&1
}
intact() {  # the host's board and game after a hostile visit
    screen | grep -qF "gobblet  official rules  4x4" || fail "$1: the screen was disturbed"
    [ "$($T display -p -t ui '#{pane_title}')" = "$title_before" ] || fail "$1: the pane title was changed"
    $T capture-pane -p -e -t ui | grep -qF $'\e[2J' && fail "$1: a clear-screen sequence reached the terminal"
    [ "$(wait_exit_status_none)" ] || true
}
wait_exit_status_none() { [ ! -s "$WORK/status" ] && echo running; }
for mode in garbage long-line wrong-code; do
    hostile "$mode" || fail "$mode: the host did not close the connection: $(tail -3 "$WORK/$mode.log")"
    intact "$mode"
    [ -z "$(wait_exit_status_none)" ] && fail "$mode: the host died"
done
grep -qF "closed by the host" "$WORK/wrong-code.log" || fail "wrong code: $(cat "$WORK/wrong-code.log")"
grep -qiE "wrong|refused" "$WORK/wrong-code.log" || fail "wrong code: the peer is told it is refused"
grep -qiF "code" "$WORK/garbage.log" && grep -qiF "ABCD-9999" "$WORK/garbage.log" && fail "the code was revealed"
# Silence: the host gives up on a connection that says nothing within its hello timeout.
hostile silent --wait 20 || fail "silent: still open after 20 s: $(tail -3 "$WORK/silent.log")"
intact silent
# Peers that join properly, then break the rules at their turn. joined MODE: waits until the peer is
# in (its log shows the host's "go"), whatever the screen has moved on to since.
joined() {
    local i
    for i in $(seq 100); do grep -q '^< go' "$WORK/$1.log" 2>/dev/null && return 0; sleep 0.1; done
    fail "$1: the peer did not get in: $(tail -3 "$WORK/$1.log")"
}
broke_rules() {  # broke_rules MODE PID REASON: the host closed the connection, said why, kept the game
    wait "$2" || fail "$1: the host did not close the connection: $(tail -3 "$WORK/$1.log")"
    wait_for "connection closed: protocol error from Mallory: $3"
    intact "$1"
    grep -qxF "W3B2" "$XDG_STATE_HOME/gobblet/autosave.txt" || fail "$1: the game is saved"
}
hostile illegal --name Mallory &
pid=$!
joined illegal
type_move W3B2
broke_rules illegal $pid ""
screen | grep -qF "1. W3B2" || fail "illegal: the host's move is kept"
hostile out-of-turn --name Mallory &  # Black to move: it plays at once, then again
pid=$!
broke_rules out-of-turn $pid "a move out of turn"
screen | grep -qE "1\. W3B2 K[1-3][A-D][1-4]" || fail "out-of-turn: its legal move stands"
hostile wrong-number --name Mallory &
pid=$!
joined wrong-number
type_move W1D1
broke_rules wrong-number $pid ""
# Escape sequences in the name and the chat come out as plain text.
# (A C1 CSI and a right-to-left override are dropped; a raw ESC in a line is a protocol error.)
hostile escapes &
pid=$!
wait "$pid"
wait_for "connection closed: protocol error from 31mMallory: a control character in a line"
wait_re "Black  31mMallory( |$)"
intact escapes
$T capture-pane -p -e -t ui | grep -qP '\x9b|\xe2\x80\xae' && fail "a C1 control or an override reached the screen"
# A hang-up in the middle of a move line.
hostile mid-move --name Mallory &
pid=$!
joined mid-move
wait "$pid"
wait_for "connection lost"
intact mid-move
# After all that the host still plays: a real player joins and moves.
start_peer --join "127.0.0.1:$port" --code ABCD-9999 --black Eamon
wait_peer "you play Black"
wait_peer "2. W1D1"
peer_type_move K1C3
wait_for "Eamon played K1C3"
