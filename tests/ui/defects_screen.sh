# Play-experience defects about what the screen shows (each failed before its fix): the help readable
# and scrollable at 80x24 (3), the refusal advice of a bad paste not cut off (3), the too-small notice
# never breaking a number (6), the move list numbered in aligned pairs and scrollable (11), the last move
# marked on both its squares.
source "$(dirname "$0")/lib.bash"
start -x 80 -y 24
keys '?'
wait_for "gobblet help: official rules, 4x4"
wait_re "of [0-9]+ lines\)"
expect_no "puzzles: find the forced win"
keys NPage NPage NPage
wait_for "puzzles: find the forced win"
keys Escape
wait_for "White to move"
# The Liam/Eamon game is refused under the official rules: the whole advice is on screen, wrapped.
paste "$FIXTURE"
wait_for "paste refused, nothing changed: line 4: K2B3: official rules"
wait_for "rules: use --rules rogers"
$T kill-session -t ui
start -x 80 -y 24 --rules rogers
paste "$FIXTURE"
wait_for "pasted White's move 1 to Black's move 19; White to move"
s=$(screen)
grep -qE "Moves [0-9]+-19 of 19 \(PgUp PgDn\)" <<<"$s" || fail "the move list says which moves it shows"
grep -qF "19. C4A4 C4D1" <<<"$s" || fail "the last pair is shown"
grep -qE "│from +│" <<<"$s" || fail "the last move's origin is marked"
expect_no " 1. W3B2 K1C3"
keys PPage
wait_for " 1. W3B2 K1C3"
wait_for " 9. A2C2 K3C2"
wait_for "10. B2C2 K3C4"
# The too-small notice keeps its numbers whole however narrow the terminal is.
$T resize-window -t ui -x 30 -y 20
wait_for "needs at least"
s=$(screen)
grep -qE "(^| )80x24" <<<"$s" || fail "80x24 whole: $s"
grep -qE "(^| )30x20" <<<"$s" || fail "30x20 whole"
