# In a locale that is not UTF-8 the board is drawn in plain ASCII; in UTF-8 with box-drawing lines.
source "$(dirname "$0")/lib.bash"
start
screen | grep -qF "┌──────────┬" || fail "UTF-8 locale: box-drawing characters expected"
$T kill-session -t ui
start -e LC_ALL=C
screen | grep -qE '^  \+----------\+----------\+' || fail "C locale: an ASCII grid expected"
screen | grep -qF "┌" && fail "C locale: no box-drawing characters"
type_move W3B2
wait_for "Black to move"
