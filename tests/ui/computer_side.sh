# The computer can take a side at any moment (] for Black, [ for White) and play it.
source "$(dirname "$0")/lib.bash"
start
keys ']'
wait_for "computer plays Black: on"
wait_for "Black  computer (medium)"
type_move W3B2
wait_for "computer (medium) played"
wait_for "White to move"
keys '['
wait_for "White  computer (medium)"
# The computers play on: White's second move lands.
wait_re "(^|[^0-9])2\. [A-DWK][1-4][A-D][1-4]"
keys '[' ']'
wait_for "computer plays Black: off"
stop_game; forget_last_game
start --white computer --level easy
wait_for "computer (easy) played"
wait_for "Black to move"
