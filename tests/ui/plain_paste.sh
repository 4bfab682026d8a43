# A paste the terminal does not bracket arrives as typed lines; it is still applied.
source "$(dirname "$0")/lib.bash"
start
keys -l $'W3B2\rK1C3\rW1A1\r'
wait_for "Black to move"
wait_for "1. W3B2 K1C3"
wait_for "2. W1A1"
