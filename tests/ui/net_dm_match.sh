# A DM match with short times across the network: the host's clock decides (a chunk taken, a loss on
# time), both screens show the same clocks and score, the loser chooses the starter on their own
# machine, and the match reaches its result on both screens. Real time is unavoidable: Eamon's time runs
# out while the test waits, so Liam's is as short; 15 s (a 10 s turn and a 5 s chunk) leaves Liam's first
# move and Eamon's resignation on Liam's clock 5x what a loaded machine takes for them, and the host's
# 10 minutes for the loser's choice (--starter-choice) as much for reading the screens before it.
source "$(dirname "$0")/lib.bash"
start --host 127.0.0.1:0 --code DMDM-2222 --white Liam --dm --turn-time 10s --reserve 5s --reserve-chunk 5s \
    --starter-choice 600
wait_for "Waiting for the other player"
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code DMDM-2222 --black Eamon
wait_peer "you play Black"
wait_peer "round 1  Liam 0 - 0 Eamon  first to 2"
type_move W3B2
wait_peer "Liam played W3B2"
# Eamon does not move: the host's clock takes his chunk, then his flag falls; both screens say so.
wait_peer "Eamon ran out of time with no reserve left: Liam wins the round" 60
wait_for "Eamon ran out of time with no reserve left: Liam wins the round"
wait_for "Liam 1 - 0 Eamon"
# The loser chooses, on his own machine.
wait_peer "Eamon lost round 1 and chooses who starts round 2"
peer_keys o
wait_for "round 2  Liam 1 - 0 Eamon"
wait_peer "round 2  Liam 1 - 0 Eamon"
wait_for "Liam (White) to move"
peer_keys R; wait_peer "Eamon: resign round 2?"; peer_keys y
wait_for "Liam wins the round: Eamon resigned"
wait_for "Liam wins the match 2-0"
wait_peer "Liam wins the match 2-0"
