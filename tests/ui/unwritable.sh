# An unwritable save folder gets a clear message and the game goes on. The tutorial's marker cannot be
# written there either: the tutorial shows, says so once it is skipped, and the game goes on.
source "$(dirname "$0")/lib.bash"
touch "$WORK/file"
start -w "Esc q skip" -e XDG_STATE_HOME=$WORK/file/state -e XDG_DATA_HOME=$WORK/file/data
keys Escape; wait_text "Skip the tutorial"; keys y
wait_for "Tutorial skipped"
wait_for "could not be marked as seen"
wait_for "q quit"
type_move W3B2
wait_for "autosave failed"
wait_for "the game goes on"
wait_for "Black to move"
type_move K1C3
wait_for "White to move"
keys s
wait_for "not saved"
