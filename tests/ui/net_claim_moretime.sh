# Two lichess habits in a timed network game (issue 33, items 23 and 24): + gives the other player 15 s
# more (their clock and both screens say so); and once an absent opponent's grace is over, c claims the
# round (or a draw) at once instead of waiting for their clock to fall. Real time: the grace is 1 s, and
# every wait allows 10 s.
source "$(dirname "$0")/lib.bash"
start --host 127.0.0.1:0 --code TIME-2424 --white Liam --game-time 5m --grace 1s
wait_for "Waiting for the other player"
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code TIME-2424 --black Eamon
wait_peer "you play Black"
wait_for "Eamon is here"
type_move W3B2
wait_peer "Liam played W3B2"
# + : Eamon's clock gets 15 s (5:00 and more, while it runs), and both sides are told.
keys +
wait_for "you give Eamon 15s more"
wait_peer "Liam gives you 15s more"
wait_peer_text "time 5:1"
# Eamon's program dies; after the 1 s grace Liam may claim at once, though Eamon's clock has minutes.
$T kill-session -t peer
wait_text "you may claim the round or a draw, or wait"
keys c
wait_for "Eamon left and did not come back: claim the round, or a draw?"
keys w
wait_for "Eamon left and did not come back: Liam wins"
# The game is over: no more time to give.
keys +
wait_text "more time is given while a round is played"
exit 0
