# A named save goes to $XDG_DATA_HOME/gobblet/saves; q leaves and restores the terminal; --resume
# continues the autosaved game; --load opens a named save.
source "$(dirname "$0")/lib.bash"
start
play "1. W3B2 K1C3"
keys s
wait_for "saved to $XDG_DATA_HOME/gobblet/saves/"
saved=$(ls "$XDG_DATA_HOME"/gobblet/saves/*.txt) || fail "no save file"
grep -qx "W3B2" "$saved" && grep -qx "K1C3" "$saved" || fail "save file content"
keys q
[ "$(wait_exit)" = 0 ] || fail "q exits with status 0"
wait_for "the game is saved in"
[ -f "$XDG_STATE_HOME/gobblet/autosave.txt" ] || fail "autosave"
$T kill-session -t ui
start --resume
wait_for "resumed the last game (1 move)"
wait_for "1. W3B2 K1C3"
wait_for "White to move"
keys C-c
[ "$(wait_exit)" = 0 ] || fail "Ctrl-C exits with status 0"
$T kill-session -t ui
start --load "$saved"
wait_for "loaded"
wait_for "1. W3B2 K1C3"
