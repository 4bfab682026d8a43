# The analysis panel (i): it appears in the place of the move list at 80x24, deepens while the player
# thinks, starts again for the new side to move after a move and after an undo, waits while the
# computer thinks, and goes with i. In a timed match it is refused once play has started, unless it was
# switched on before the first move; at 120x40 it sits under the board beside the move list.
source "$(dirname "$0")/lib.bash"
depth() { screen | grep -oE "Analysis  depth [0-9]+" | grep -oE "[0-9]+$" | head -1; }
# A row of the panel: a score, then a line whose first move is White's (W) or Black's (K).
white_line='cp [-+]?[0-9]+ +W[1-3][A-D][1-4] '
black_line='cp [-+]?[0-9]+ +K[1-3][A-D][1-4] '

start -x 80 -y 24
wait_for "i analysis"  # in the footer
keys i
wait_for "analysis on: the best lines for the side to move"
wait_re "Analysis  depth [0-9]+  cp "
expect_no "Moves"
d1=$(depth)
[ -n "$d1" ] || fail "the panel shows its depth"
# It deepens by itself: a deeper depth appears (each depth takes longer; 60 s is far beyond the next).
for i in $(seq 600); do
    d=$(depth)
    [ -n "$d" ] && [ "$d" -gt "$d1" ] && break
    sleep 0.1
done
[ -n "$d" ] && [ "$d" -gt "$d1" ] || fail "the depth did not grow beyond $d1"
s=$(screen)
[ "$(grep -cE "$white_line" <<<"$s")" -eq 3 ] || fail "three lines for White, the side to move"
grep -qE "about even|(White|Black) is (slightly |much )?better|wins in" <<<"$s" || fail "the evaluation in words"

# A move: the panel starts again for Black.
type_move W3B2
wait_for "White played W3B2"
wait_re "$black_line"
[ "$(screen | grep -cE "$white_line")" -eq 0 ] || fail "no line of White's once Black is to move"
# Undo: White's lines again.
keys u
wait_for "took back W3B2"
wait_re "$white_line"
[ "$(screen | grep -cE "$black_line")" -eq 0 ] || fail "no line of Black's once White is to move again"
# i hides it and the move list comes back.
keys i
wait_for "analysis panel off"
wait_for "Moves"
expect_no "Analysis  "

# Against the computer the panel waits while the computer thinks, then goes on for White.
stop_game; forget_last_game
start -x 80 -y 24 --black computer:max --think 2
keys i
wait_re "$white_line"
type_move W3B2
wait_for "paused while the computer plays"
wait_for "computer (max) played"
wait_re "$white_line"
expect_no "paused while"

# A timed match: refused once the first move is played...
stop_game; forget_last_game
start -x 80 -y 24 --game-time 10m
type_move W3B2
wait_for "White played W3B2"
expect_no "i analysis"
keys i
wait_text "no analysis in a timed match once play has started: the engine's help (i or !) is switched on"
wait_text "before the first move, and then stays on offer for both players"
expect_no "Analysis  "
# ... and on offer for both players when switched on before it.
stop_game; forget_last_game
start -x 80 -y 24 --game-time 10m
keys i
wait_for "analysis on for this timed match, for both players"
wait_re "$white_line"
type_move W3B2
wait_re "$black_line"
keys i
wait_for "analysis panel off"
keys i
wait_re "$black_line"

# 120x40: under the board, and the move list stays.
stop_game; forget_last_game
start -x 120 -y 40
type_move W3B2
keys i
wait_re "$black_line"
wait_for "1. W3B2"
[ "$(screen | grep -cE "$black_line")" -eq 3 ] || fail "three lines at 120x40"
screen | grep -E "$black_line" | grep -qE "^  cp" || fail "the lines sit under the board, at the left"
