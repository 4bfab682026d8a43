# A result is said once: the status line shows a draw, a round's and a game's result, and the message
# line under it says what comes next instead of repeating it (a local match, a network host and its
# joiner; a server's game is checked in tests/ui/lobby_durable.sh).
source "$(dirname "$0")/lib.bash"
# count TEXT: how many times TEXT is on the screen (count_peer: on the peer's).
count() { screen | grep -cF -- "$1"; }
count_peer() { peer_screen | grep -cF -- "$1"; }

start --white Liam --black Eamon --first-to 2
play "1. W1A1 K1D4"
keys '='
wait_for "Liam offers a draw"
keys y
wait_for "Enter starts round 1 again"
[ "$(count "Draw: agreed by both players")" = 1 ] || fail "the draw is said twice"
keys Enter
wait_for "Liam (White) to move"
stop_game; forget_last_game

# A network match: the host's round ends with the joiner to choose the next starter, which the host's
# screen says instead of the result; the joiner's asks its question, and says the host's limit
# (--starter-choice: 10 minutes, far beyond what the test takes to read both screens on a loaded machine).
start --host 127.0.0.1:0 --code ABCD-5678 --white Liam --first-to 2 --starter-choice 600
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code ABCD-5678 --black Eamon
wait_peer "you play Black"
for pair in "W1A1 K1D4" "W2A2 K2D3" "W3A3 K3D2"; do
    type_move "${pair% *}"; wait_peer "Liam played ${pair% *}"
    peer_type_move "${pair#* }"; wait_for "Eamon played ${pair#* }"
done
type_move W1A4
wait_for "Eamon chooses who starts round 2"
wait_peer "Eamon lost round 1 and chooses who starts round 2"
wait_text "in 600 s the rule decides: Eamon starts" peer_screen
wait_text "Eamon chooses who starts round 2; in 600 s the rule decides: Eamon starts"
[ "$(count "Liam wins the round: four in a row on row A")" = 1 ] || fail "the host says the result twice"
[ "$(count_peer "Liam wins the round: four in a row on row A")" = 1 ] || fail "the joiner says it twice"
exit 0
