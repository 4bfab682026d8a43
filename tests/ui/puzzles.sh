# The puzzles: --puzzles opens the set's first unsolved puzzle; a win is solved, recorded, and kept for the
# next run; a wrong move is played, refuted with the reply and counted as failed; s shows the solution, r
# retries without counting again; a win in two is answered by the defence, with the cursor too; P opens
# them from a game and q comes back to it as it was; an unwritable data folder is said and loses nothing.
source "$(dirname "$0")/lib.bash"
progress=$XDG_DATA_HOME/gobblet/puzzles.txt

# Puzzle 1 of official-4x4: Black wins in one (C2C3 or D1C3).
start -x 80 -y 24 -w "q leave" --puzzles official
wait_for "gobblet  official rules  4x4  puzzle 1 of 220, official-4x4"
wait_for "Black to play and win in 1   solved 0/220  failed 0  streak 0 (best 0)"
wait_for "? help  Enter play  arrows cursor  n next  r retry  s solution  q leave"
expect_no "q quit"
type_move D1C3
wait_text "D1C3: Black wins: four in a row on "
wait_text "Solved! n goes to the next puzzle"
wait_for "Solved: Black wins   solved 1/220  failed 0  streak 1 (best 1)"
grep -qx "solved: 1" "$progress" || fail "the solved puzzle is saved: $(cat "$progress")"

# Puzzle 2: a move that does not win is played and answered, and counts as failed, once.
keys n
wait_for "puzzle 2 of 220"
wait_text "Puzzle 2: Black to play and win in 1."
type_move K1A3
wait_text "not a win: K1A3 does not win at once; White answers "
wait_text ". Counted as failed; r tries again, s shows the solution, n goes on"
wait_for "Not a win: r tries again   solved 1/220  failed 1  streak 0 (best 1)"
wait_for "15. W3D2 K1A3"
grep -qx "failed: 2" "$progress" || fail "the failed puzzle is saved: $(cat "$progress")"
type_move C1D2
wait_text "this try is over: r tries the puzzle again, n goes on"
keys s
wait_text "solution: C1D2 (Black wins: four in a row on column 2); the first move D4D2 wins too. r tries it"
expect_no "Counted as failed"
keys r
wait_text "Puzzle 2 again from its start (not counted again)"
type_move C1D2
wait_text "Solved! n goes to the next puzzle"
wait_for "solved 1/220  failed 1"

# Puzzle 71: Black wins in two; the defence answers the first move, the cursor plays the second.
keys g
wait_for "Go to puzzle (1-220):"
keys -l 71; keys Enter
wait_text "Puzzle 71: Black to play and win in 2."
type_move K3D1
wait_text "K3D1 keeps the win; White answers W1A2: Black to play and win in 1"
keys Right Right Right Right   # off the board's right edge: Black's stack X (K1)
wait_for "CURSOR on stack X"
keys Enter
wait_for "picked up K1"
keys Left Down Down Down Left
wait_for "CURSOR on D3, a piece picked up"
keys Enter
wait_text "K1D3: Black wins: four in a row on row D. Solved!"
wait_for "solved 2/220  failed 1  streak 1 (best 1)"
keys q
[ "$(wait_exit)" = 0 ] || fail "q leaves --puzzles with status 0"
[ ! -e "$XDG_STATE_HOME/gobblet/autosave.txt" ] || fail "--puzzles leaves the game's autosave alone"

# The next run has the progress, and opens the first unsolved puzzle: 2, failed before.
$T kill-session -t ui
start -x 80 -y 24 -w "q leave" --puzzles
wait_for "puzzle 2 of 220, official-4x4"
wait_for "solved 2/220  failed 1  streak 1 (best 1)"
keys Escape
[ "$(wait_exit)" = 0 ] || fail "Esc on an empty prompt leaves --puzzles"

# P from a game: the game waits and comes back as it was.
$T kill-session -t ui
start -x 80 -y 24 --white Liam
play "1. W3B2 K1C3"
keys P
wait_for "puzzle 2 of 220, official-4x4"
wait_for "q leave"
keys '?'
wait_for "Puzzles (official-4x4, 220 puzzles, easiest first)"
keys End   # the keys, at the end: the puzzles' own, not the game's
wait_for "the next puzzle: the first one after this"
expect_no "undo, or step back"
keys Escape
wait_for "q leave"
keys q
wait_text "back to the game (puzzles official-4x4: solved 2/220"
wait_for "1. W3B2 K1C3"
wait_for "Liam (White) to move"
wait_for "q quit"
play "2. W1A1"
grep -qx K1C3 "$XDG_STATE_HOME/gobblet/autosave.txt" || fail "the game is still saved"
keys q
wait_exit >/dev/null

# An unwritable data folder: said once, and the progress of the session is not lost.
$T kill-session -t ui
touch "$WORK/file"
start -x 80 -y 24 -w "q leave" -e XDG_DATA_HOME=$WORK/file/data --puzzles 3x3
wait_for "puzzle 1 of 60, 3x3"
type_move B1C2
wait_text "Progress not saved (cannot write $WORK/file/data/gobblet/puzzles.txt: Not a directory; kept until you leave). B1C2: White wins"
wait_for "solved 1/60"
keys n
wait_for "puzzle 2 of 60"
wait_for "solved 1/60"
