# A timed local match (issue 26, 9 and 10): the hint and the analysis follow one rule (on before the first
# move, or not at all once play started; each refusal says why); the puzzles say that the game's clock
# stands meanwhile, and that it runs again; a terminal too small for the board still shows the clocks,
# which stand, and says why.
source "$(dirname "$0")/lib.bash"
start -x 100 -y 30 --white Liam --black Eamon --game-time 5m
type_move W3B2
wait_moves "1. W3B2"
keys '!'
wait_text "no hint in a timed match once play has started: the engine's help (i or !) is switched on before the first move"
keys i
wait_text "no analysis in a timed match once play has started"
for word in "! hint" "i analysis"; do expect_no "$word"; done
# The puzzles: the game's clock stands meanwhile, and says so on both ways.
keys P
wait_text "the game's clocks stand here, and run again when q goes back to the game"
no_cut "the puzzles over a timed match"
keys q
wait_text "the game's clocks run again"
wait_re "▶ time 4:[0-9]{2}"
# Too small for the board: the clocks are still shown, Black's stands, and the screen says why.
$T resize-window -t ui -x 50 -y 15
wait_text "The terminal is 50x15"
wait_text "‖ Black time"  # a pause sign, never = (the draw key's)
wait_text "the clocks stand: the terminal is too small to show them"
$T resize-window -t ui -x 100 -y 30
wait_re "▶ time 4:[0-9]{2}"
expect_no "the clocks stand"
# A new match decides again: the help switched on before its first move stays on offer for both.
keys n; wait_for "keep this one"; keys d
wait_for "new game"
keys i
wait_text "analysis on for this timed match, for both players (hints too)"
type_move W3B2
wait_moves "1. W3B2"
keys '!'
wait_re "hint: K[0-9][A-D][1-4]"
exit 0
