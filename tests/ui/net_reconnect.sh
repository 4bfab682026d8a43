# Disconnect and reconnect: the joiner is killed mid-game; both sides stop the clocks, say so and keep
# the game; the same player joins again with --resume, both sides find they hold the same moves, and
# play goes on to the end (Liam's premove, made meanwhile, is played the moment Eamon has moved). The
# grace (10 minutes) holds the clocks for as long as the test looks.
source "$(dirname "$0")/lib.bash"
start --host 127.0.0.1:0 --code ABCD-5678 --white Liam --turn-time 5m --grace 10m
wait_for "Waiting for the other player"
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code ABCD-5678 --black Eamon
wait_peer "the game starts; you play Black"
type_move W1A1; wait_peer "Liam played W1A1"
peer_type_move K1D1; wait_for "Eamon played K1D1"
type_move W1A2; wait_peer "Liam played W1A2"
pkill -KILL -f "^$MAIN --join 127.0.0.1:$port" || fail "no joiner process"
wait_for "connection lost"
wait_for "The game is saved; waiting for Eamon to come back"
grep -qxF "W1A2" "$XDG_STATE_HOME/gobblet/autosave.txt" || fail "the host saved the game"
grep -qF "% match id: " "$XDG_STATE_HOME/gobblet/autosave.txt" || fail "the host saved the match id"
# Liam's move on Eamon's turn waits as a premove (docs/manual.md, "Premoves") while he is away.
type_move W1A3
wait_for "premove W1A3: played as soon as Eamon has moved"
wait_for "Eamon is away: the clocks stand for"  # the grace (docs/network.md): no clock runs
$T kill-session -t peer
start_peer --join "127.0.0.1:$port" --code ABCD-5678 --black Eamon --resume
wait_peer "both hold the same moves: play resumes"
wait_for "Eamon is here: both hold the same moves: play resumes"
wait_peer "2. W1A2"
peer_type_move K1D2; wait_moves "2. W1A2 K1D2"
wait_for "Liam played W1A3 (premove)"  # at once
wait_peer "Liam played W1A3"
peer_type_move K2C4; wait_for "Eamon played K2C4"
type_move W2A4
wait_for "Liam wins: four in a row on row A"
wait_peer "Liam wins: four in a row on row A"
