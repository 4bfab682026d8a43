# The computer can take a side at any moment (] for Black, [ for White) and play it.
source "$(dirname "$0")/lib.bash"
start
keys ']'
wait_for "computer plays Black: on"
wait_for "Black (computer)"
type_move W3B2
wait_for "computer (Black) played"
wait_for "White to move"
keys '['
wait_for "computer plays White: on"
wait_for "computer (White) played"
keys '[' ']'
wait_for "computer plays Black: off"
$T kill-session -t ui
start --white computer --level easy
wait_for "computer (White) played"
wait_for "Black to move"
