# Fair play across the network (issue 25, 1 and 3; issue 26, 13): without --allow-help the engine helps
# neither player (each key says why, the footer does not offer it); an offer stands beside the board and
# blocks nothing (a move typed while it waits is played, and declines it); a takeback both agreed to leaves
# no REVIEW note and the footer's rows whole, and > says why it does nothing.
source "$(dirname "$0")/lib.bash"
start -x 80 -y 30 --host 127.0.0.1:0 --code FAIR-PLAY --white Liam
wait_for "Waiting for the other player"
port=$(host_port)
start_peer -x 80 -y 30 --join "127.0.0.1:$port" --code FAIR-PLAY --black Eamon
wait_peer "you play Black"
wait_for "Eamon is here"
# The engine's help: refused with the reason, and not offered in the footer.
keys '!'
wait_text "no hint in this network game while it is played: the host's terms allow no engine help"
keys '['
wait_text "no computer plays for you in this network game while it is played"
screen | grep -qF "White  Liam  <" || fail "Liam's seat stays his own"
keys i
wait_text "no analysis in this network game while it is played"
for word in "[ ] computer" "! hint" "i analysis"; do expect_no "$word"; done
type_move W3B2
wait_peer "1. W3B2"
# Eamon offers a draw: it stands on Liam's status line; Esc declines it.
peer_keys =
wait_text "Eamon offers a draw: = agrees, Esc declines; your move declines it too"
keys Escape
wait_for "you declined Eamon's offer of a draw"
wait_peer "Liam declined your offer of a draw"
# The same offer again at once is refused, with the reason, and never sent.
peer_keys =
wait_peer_text "you offered a draw already: you may offer it again once Liam and you have each moved"
peer_type_move K1C3
wait_moves "1. W3B2 K1C3"
type_move W1A1
wait_peer "2. W1A1"
# Offered again once each has moved: it blocks nothing; Eamon's own move leaves it standing, and Liam's
# move, typed while it waits, is played and declines it.
peer_keys =
wait_text "Eamon offers a draw: = agrees, Esc declines; your move declines it too"
peer_type_move K1D4
wait_moves "2. W1A1 K1D4"
screen | grep -qF "Eamon offers a draw: = agrees, Esc declines" || fail "the offer still stands beside the board"
type_move W1A2
wait_moves "3. W1A2"
wait_peer "your offer of a draw lapsed"
expect_no "= agrees"
# Eamon asks to take back his next move; Liam's < agrees: no REVIEW, the footer's two rows whole.
peer_type_move K2C4
wait_moves "3. W1A2 K2C4"
peer_keys '<'
wait_text "Eamon offers to take back a move: < agrees, Esc declines"
keys '<'
wait_for "moves taken back by agreement"
wait_peer "moves taken back by agreement"
wait_moves "3. W1A2"
for side in screen peer_screen; do
    s=$($side)
    grep -qF "REVIEW" <<<"$s" && fail "a takeback by agreement is not a review: $(grep -F REVIEW <<<"$s")"
    [ "$(tail -n 2 <<<"$s" | grep -c '[a-z]')" = 2 ] || fail "the footer's second row is gone: $(tail -n 3 <<<"$s")"
done
keys '>'
wait_for "not in a network game: the two of you play it out"
exit 0
