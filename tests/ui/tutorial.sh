# The tutorial: shown on the first start (no marker), played a step at a time with typed moves and the
# cursor, wrong moves explained, skipped (and then not shown again), brought back from the help with T,
# finished (which marks it too), adapted to Ed Rogers' rules; never shown by --replay or --gtp.
source "$(dirname "$0")/lib.bash"
marker=$XDG_STATE_HOME/gobblet/tutorial.txt
rm -f "$marker"

# The first start: the tutorial, not the game.
start -x 80 -y 24 -w "Esc q skip"
wait_for "gobblet  official rules  4x4  tutorial"
wait_for "Tutorial, step 1 of 5: entering a piece"
wait_for "? help  Enter play  arrows cursor  Esc q skip"
expect_no "q quit"
type_move XA1
wait_text "W1A1 enters on A1, not a centre square. Try again: enter one on a centre square"
wait_for "1. W1A1"   # a wrong move is shown on the board ...
type_move XB2        # ... and the next one starts from the step's position
wait_for "Tutorial, step 1 of 5: entering a piece (done)"
wait_for "1. W1B2"
expect_no "W1A1"
wait_for "n next step"
keys Enter
wait_for "Tutorial, step 2 of 5: gobbling"
type_move XB3
wait_text "XB3: official rules: a new piece may gobble only a piece in a row of three"
# Skipping asks first (issue 33, item 16): Esc on an empty prompt, which is often a second Esc after the
# first cleared a half-typed move, asks, and Esc (its default answer) goes on with the tutorial.
keys -l B2
wait_for "Move: B2"
keys Escape
keys Escape
wait_text "Skip the tutorial (T in the game brings it back)?"
wait_for "y skip it   n/Esc go on"
keys Escape
wait_for "? help  Enter play  arrows cursor  Esc q skip"
wait_for "Tutorial, step 2 of 5: gobbling"
expect_no "Tutorial skipped"
keys q
wait_text "Skip the tutorial (T in the game brings it back)?"
keys y
wait_text "Tutorial skipped: T (also from the ? help) shows it again."
wait_for "q quit"
wait_for "White to move"
grep -q "the tutorial was skipped at step 2 of 5 on " "$marker" || fail "the skip is marked: $(cat "$marker" 2>&1)"
keys q
wait_exit >/dev/null

# The next start: straight to the game. T from the help brings the tutorial back, and q leaves it
# with the game as it was.
$T kill-session -t ui
start -x 80 -y 24
expect_no "Tutorial"
type_move W3B2
wait_for "Black to move"
keys '?'
keys End
wait_for "the tutorial: the rules played out on the board"
keys T
wait_for "Tutorial, step 1 of 5: entering a piece"
keys q; wait_text "Skip the tutorial"; keys y
wait_text "Tutorial skipped"
wait_for "1. W3B2"
wait_for "Black to move"
keys q
wait_exit >/dev/null

# Finished, in a fresh state folder: every step, one of them with the cursor; the marker says so.
$T kill-session -t ui
start -x 80 -y 24 -w "Esc q skip" -e XDG_STATE_HOME=$WORK/fresh
wait_for "step 1 of 5"
type_move XB2; wait_for "(done)"; keys Enter
wait_for "step 2 of 5: gobbling"
keys Down Right    # the cursor from A1 to B2
wait_for "CURSOR on B2"
keys Enter Right Enter
wait_text "Gobbled: Black's 3 lies under your 4 now"
keys Enter
wait_for "step 3 of 5: entering onto a line of three"
type_move XC4
wait_text "W1C4 blocks row C as well, but on an empty square"
type_move XC1; wait_for "(done)"; keys Enter
wait_for "step 4 of 5: uncovering"
type_move B4C4
wait_text "B4C4: Black wins: White uncovered Black's four in a row on row B. Try again:"
wait_for "line"
type_move B4B1; wait_for "(done)"; keys Enter
wait_for "step 5 of 5: both lines"
type_move B4A4
wait_text "B4A4: Black wins: White's move made four in a row on row A but uncovered Black's on row B"
type_move XA4
wait_text "You win: four on row A."
wait_text "Enter: finish the tutorial."
keys Enter
wait_text "Tutorial finished: the game is yours."
wait_for "q quit"
grep -q "the tutorial was finished on " "$WORK/fresh/gobblet/tutorial.txt" || fail "the finish is marked"

# Ed Rogers' rules: --tutorial shows it even when seen, with the third step adapted.
$T kill-session -t ui
start -x 80 -y 24 -w "Esc q skip" --tutorial --rules rogers
wait_for "gobblet  rogers rules  4x4  tutorial"
type_move XB2; wait_for "(done)"; keys Enter
type_move XB3; wait_for "(done)"; keys Enter    # a new piece gobbles freely here
wait_for "step 3 of 5: entering onto a smaller piece"
wait_text "Ed Rogers' rules: a new piece from a stack may gobble any smaller piece"
type_move XA4
wait_text "Gobbled from the stack"

# The other front ends never show it, nor write the marker.
never=$WORK/never
XDG_STATE_HOME=$never "$MAIN" --replay "$FIXTURE" --rules rogers >"$WORK/replay" || fail "--replay"
grep -q "White to move\|Black to move\|wins" "$WORK/replay" || fail "--replay output: $(cat "$WORK/replay")"
printf 'showboard\nquit\n' | XDG_STATE_HOME=$never "$MAIN" --gtp >"$WORK/gtp" || fail "--gtp"
[ ! -e "$never/gobblet/tutorial.txt" ] || fail "only the curses game shows the tutorial"
