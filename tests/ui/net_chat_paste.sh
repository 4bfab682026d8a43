# A paste goes to the line being edited: at the join code's prompt a pasted transcript is typed into the
# code, the board untouched, and a pasted code joins; in the chat line a pasted
# sentence is said. A chat line followed at once by a move stays on the screen under the move's news,
# and M shows the chat's log, both ways.
#
# The joiner's first screen says where it joins and nothing of a game it does not know yet (no rules, no
# players, no "type a move"); once joined it says what the host set: the opponent, who starts, the rules,
# the board, the match and the clock (docs/network.md).
source "$(dirname "$0")/lib.bash"
start --host 127.0.0.1:0 --code ABCD-5678 --white Liam --first-to 2 --turn-time 2m --reserve 5m
port=$(host_port)
start_peer --join "127.0.0.1:$port" --black Eamon
wait_peer "Join code for 127.0.0.1:$port"
wait_peer "gobblet  joining 127.0.0.1:$port"
wait_peer "not joined yet: the host sets the game"
for word in "official" "White" "(human)" "Type a move"; do
    peer_screen | grep -qF -- "$word" && fail "the joiner's first screen shows [$word]"
done
printf 'W1A1\nK1D4\nW2A2\n' >"$WORK/moves.txt"
$T load-buffer -b p "$WORK/moves.txt"
$T paste-buffer -p -b p -t peer
wait_peer "(Esc quits): W1A1 K1D4 W2A2"
peer_screen | grep -qE '1\. +W1A1' && fail "the paste was played on the board"
for i in $(seq 14); do peer_keys BSpace; done
for i in $(seq 100); do peer_screen | grep -qF "W1A1" || break; sleep 0.1; done
peer_screen | grep -qF "W1A1" && fail "the code's line is not empty again"
printf 'abcd-5678\n' >"$WORK/code.txt"
$T load-buffer -b p "$WORK/code.txt"
$T paste-buffer -p -b p -t peer
wait_peer "(Esc quits): abcd-5678"
peer_keys Enter
wait_text_peer() {
    local i
    for i in $(seq 100); do peer_screen | tr '\n' ' ' | grep -qF -- "$1" && return 0; sleep 0.1; done
    fail "timed out waiting on the peer's screen for: $1"
}
wait_text_peer "the game starts; you play Black against Liam (the host), who plays White and starts; official rules, 4x4, first to 2, 2m a turn, 5m reserve in 30s chunks"

# The joiner pastes a sentence into the chat line.
peer_keys Tab
wait_peer "Say:"
printf 'nice move\n' >"$WORK/chat.txt"
$T load-buffer -b p "$WORK/chat.txt"
$T paste-buffer -p -b p -t peer
wait_peer "Say: nice move"
peer_keys Enter
wait_for "Eamon: nice move"

# The host says something and moves at once: the joiner sees the move and the line.
keys Tab
wait_for "Say:"
keys -l "good luck"
keys Enter; keys -l W1A1; keys Enter
wait_peer "Liam played W1A1"
wait_peer "Liam: good luck"
peer_keys M
wait_peer "Chat: the last 2 lines said in this game"
peer_screen | grep -qxF "you: nice move" || fail "the log has the joiner's own line"
peer_screen | grep -qxF "Liam: good luck" || fail "the log has the host's line"
peer_keys Escape
wait_peer "Eamon (Black) to move"
peer_screen | grep -qF "Liam: good luck" && fail "the chat line stays only until a key"
exit 0
