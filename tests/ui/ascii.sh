# In a locale that is not UTF-8 the board is drawn in plain ASCII; in UTF-8 with box-drawing lines. A text
# cut short ends in a mark that fits the locale.
source "$(dirname "$0")/lib.bash"
start
screen | grep -qF "┌──────────┬" || fail "UTF-8 locale: box-drawing characters expected"
$T kill-session -t ui
start -e LC_ALL=C
screen | grep -qE '^  \+----------\+----------\+' || fail "C locale: an ASCII grid expected"
screen | grep -qF "┌" && fail "C locale: no box-drawing characters"
type_move W3B2
wait_for "Black to move"
# A name too long for the panel at 80 columns is cut with a mark that says so, before the turn's "<":
# "$" in the C locale (as nano and Emacs mark a cut line), "…" in UTF-8 (issue 33, item 17).
$T kill-session -t ui
long=Bartholomew-Maximilian-Longname
start -x 80 -y 24 -e LC_ALL=C --white "$long"
wait_re "White  Bartholomew-Maximil[a-z-]*\\$  <$"
$T kill-session -t ui
start -x 80 -y 24 --white "$long"
wait_re "White  Bartholomew-Maximil[a-z-]*…  <$"
