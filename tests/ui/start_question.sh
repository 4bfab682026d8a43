# A start never replaces an unfinished game without the player's word (issue 26): four moves (two of the move list) against
# the computer, q, then a plain start asks about the last game (c continues it, k keeps it in the saves,
# d discards it after one more question), q there leaves it as it was (the command printed runs as
# printed), o lists the kept game; an autosave that does not read is kept before anything replaces it;
# --host --resume of a local game is refused with what to run instead.
source "$(dirname "$0")/lib.bash"
save="$XDG_STATE_HOME/gobblet/autosave.txt"
printed() { $T capture-pane -p -J -t ui | grep -oE '; .* continues it' | tail -1 | sed -e 's/^; //' -e 's/ continues it$//'; }

start --white Liam --black computer:easy --seed 3
type_move W1A1; wait_re "1\. W1A1 +K[1-3]"
type_move W2B2; wait_re "2\. W2B2 +K[1-3]"
keys q
wait_exit >/dev/null
$T kill-session -t ui
start
wait_text "The last game was not finished: Liam against computer (easy), 2 moves"
wait_for "c continue it   k/Esc keep it and start a new game   d discard it"
# q leaves it as it was, and says how to continue it.
keys q
wait_exit >/dev/null
[ "$(grep -cE '^[WK][1-3][A-D][1-4]$' "$save")" = 4 ] || fail "q at the question keeps the last game"
command=$(printed)
[ "$command" = "$MAIN --resume" ] || fail "printed [$command]"
$T kill-session -t ui
start -c "$command"
wait_for "resumed the last game (2 moves)"
stop_game

# d asks once more; n goes back to the question; k keeps it in the saves, and o lists it.
start
wait_text "The last game was not finished"
keys d
wait_text "Discard the last game for good (Liam against computer (easy), 2 moves"
keys n
wait_text "The last game was not finished"
keys k
wait_text "the last game is kept in $XDG_DATA_HOME/gobblet/saves/game-"
kept=$(ls "$XDG_DATA_HOME"/gobblet/saves/game-*.txt)
[ "$(grep -cE '^[WK][1-3][A-D][1-4]$' "$kept")" = 4 ] || fail "the kept copy has every move"
expect_no "1. W1A1"  # a new game
keys o
wait_for "Liam - computer (easy)  in progress, 2 moves"
keys Enter
wait_text "opened $(basename "$kept") (2 moves)"
stop_game

# d then y discards it: the new game replaces it.
start --white Eamon
wait_text "The last game was not finished"
keys d; wait_text "Discard the last game for good"; keys y
wait_text "the last game is discarded"
play "1. W3B2"
stop_game
grep -qxF "% white: Eamon" "$save" || fail "the new game is the autosave's"

# An autosave that does not read is kept before anything replaces it.
printf '%% gobblet game\nW1A1\nW1A1\n' >"$save"
start
wait_text "the autosave could not be read (line 3: W1A1:"
wait_text "it is kept in $XDG_DATA_HOME/gobblet/saves/autosave-"
ls "$XDG_DATA_HOME"/gobblet/saves/autosave-*.txt >/dev/null || fail "the unreadable autosave is kept"
play "1. W3B2 K1C3"
stop_game

# --host --resume with a local game in progress: refused (nothing replaced), with what to run.
# (It is refused before the terminal opens: no screen is needed to see it.)
if "$MAIN" --host 127.0.0.1:0 --resume </dev/null >"$WORK/out" 2>"$WORK/err"; then fail "--host --resume of a local game must fail"; fi
grep -qF "the last game is not a network game (White against Black, 1 move" "$WORK/err" || fail "stderr: $(cat "$WORK/err")"
grep -qF "$MAIN --resume continues it here" "$WORK/err" || fail "stderr: $(cat "$WORK/err")"
grep -qxF K1C3 "$save" || fail "the local game is left as it was"
exit 0
