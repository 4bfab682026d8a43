# Quitting a live timed network game asks first, as a server's match does (issue 33, item 6): q asks
# "quit the game against Eamon?", n (or Esc) plays on, y quits with the game saved; a game without a
# clock, and one that is over, quit at once.
source "$(dirname "$0")/lib.bash"
start --host 127.0.0.1:0 --code QUIT-6666 --white Liam --game-time 5m
wait_for "Waiting for the other player"
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code QUIT-6666 --black Eamon
wait_peer "you play Black"
wait_for "Eamon is here"
type_move W3B2
wait_peer "Liam played W3B2"
# The host: q asks, n plays on.
keys q
wait_for "quit the game against Eamon?"
wait_for "n/Esc play on"
keys n
wait_for "play on"
[ ! -s "$WORK/status" ] || fail "n quit the program"
# The joiner: q asks too; Esc plays on; ? says what each answer does.
peer_keys q
wait_peer "quit the game against Liam?"
peer_keys '?'
wait_peer_text "after its grace your clock runs on your turn"
peer_keys Escape
peer_keys Escape
wait_peer "play on"
peer_type_move K1D4
wait_for "Eamon played K1D4"
# y quits, the game saved and the command that continues it printed.
keys q
wait_for "quit the game against Eamon?"
keys y
[ "$(wait_exit)" = 0 ] || fail "quitting ends with status 0"
wait_text "--resume continues it (the other player joins again with the code"
wait_peer "Liam left"

# Without a clock, q quits at once (nobody's time runs while apart).
$T kill-session -t ui
$T kill-session -t peer
sleep 1  # both save as they leave
forget_last_game
rm -f "$PEER_STATE"/gobblet/autosave*.txt
start --host 127.0.0.1:0 --code QUIT-7777 --white Liam
wait_for "Waiting for the other player"
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code QUIT-7777 --black Eamon
wait_peer "you play Black"
wait_for "Eamon is here"
keys q
[ "$(wait_exit)" = 0 ] || fail "a game without a clock quits at once"
exit 0
