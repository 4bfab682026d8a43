# A bad paste into a game in progress changes nothing and says which line and why; a paste that follows on
# continues the game; a whole game from the start asks before replacing the current one.
source "$(dirname "$0")/lib.bash"
printf 'K1C3\nW1A1\nbogus\n' > "$WORK/bad.txt"
printf 'K1C3\nW1A1\n' > "$WORK/more.txt"
printf 'W1A1\nK1D4\nW1A2\n' > "$WORK/whole.txt"
start
type_move "W3B2"
wait_for "Black to move"
paste "$WORK/bad.txt"
wait_for "line 3"
wait_for "Black to move"
expect_no "K1C3"
paste "$WORK/more.txt"
wait_for "pasted Black's move 1 to White's move 2"
wait_for "2. W1A1"
paste "$WORK/whole.txt"
wait_for "replace the current game"
keys n
wait_for "cancelled"
wait_for "2. W1A1"
paste "$WORK/whole.txt"
wait_for "replace the current game"
keys y
wait_for "replaced the game"
wait_for "2. W1A2"
wait_for "Black to move"
