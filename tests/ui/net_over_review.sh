# A network match that is over is reviewed on both sides as a local one is (issue 33, item 4): < > Home
# End step through it round by round, the footer offers them, and no offer goes any more (p, = and <
# are no offers to the other player now).
source "$(dirname "$0")/lib.bash"
start --host 127.0.0.1:0 --code OVER-4444 --white Liam --first-to 2
wait_for "Waiting for the other player"
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code OVER-4444 --black Eamon
wait_peer "you play Black"
wait_for "Eamon is here"
# Round 1: Liam makes four in a row on row A.
for m in W1A1:K1D4 W2A2:K2D3 W3A3:K3D2; do
    type_move "${m%%:*}"; wait_peer "Liam played ${m%%:*}"
    peer_type_move "${m##*:}"; wait_for "Eamon played ${m##*:}"
done
type_move W1A4
wait_peer "Eamon lost round 1 and chooses who starts round 2"
peer_keys o
wait_for "round 2  Liam 1 - 0 Eamon"
# Round 2: one move, then Eamon resigns; the match is over.
type_move W3B2
wait_peer "Liam played W3B2"
peer_keys R; wait_peer "Eamon: resign round 2?"; peer_keys y
wait_for "Liam wins the match 2-0"
wait_peer "Liam wins the match 2-0"

# The footer offers the review's keys, and < steps back through round 2, then into round 1.
wait_for "< u undo"
keys '<'
wait_for "at round 2, White's move 1 of 1"
wait_for "REVIEW round 2 at 1. W3B2"
keys Home
wait_for "at round 2, the start of 1 move"
keys Home
wait_for "at round 1, the start of 4 moves"
keys '>'
wait_for "at round 1, White's move 1 of 4"
wait_for "REVIEW round 1 at 1. W1A1"
keys End
wait_for "at round 1, White's move 4 of 4"
keys End
wait_for "the end of the match"
expect_no "REVIEW"
# The joiner reviews too, on its own screen.
peer_keys '<'
wait_peer "at round 2, White's move 1 of 1"
peer_keys Home
peer_keys Home
wait_peer "at round 1, the start of 4 moves"

# No offers once it is over: p and = say why, and the other side hears nothing.
keys p
wait_text "the match is over: there is nothing to agree on"
keys =
wait_for "a draw can be offered while a round is being played"
peer_keys p
wait_peer_text "the match is over: there is nothing to agree on"
sleep 0.5
peer_screen | grep -qE "offers|asked Liam|asked Eamon" && fail "an offer went after the match was over"
screen | grep -qE "offers|asked Liam|asked Eamon" && fail "an offer went after the match was over"
# A move is no takeback and no offer either: it says how to review the match, or that this is its review.
type_move W1B1
wait_text "the match is over: < steps back through it"
keys '<'
wait_for "at round 2, White's move 1 of 1"
type_move W1B1
wait_text "the match is over: this is its review"
exit 0
