#!/usr/bin/env bash
# The room of a larger terminal is used (issue 33, item 18). At 120x40 the lobby's columns share the
# width: the players' head keeps "doing" whole (it was cut at "doi") beside the four ratings, and the
# seeks' rows say their terms whole. A board cell reads the same at every size: the row's letter, the
# piece on the same line, its mark (last, from) on the line under it (at 120x40 the three were on three
# lines), at 80x24, 100x30, 120x40 and 160x50, on 4x4 and 3x3.
source "$(dirname "$0")/lib.bash"

# cell_lines ROW: the board's line that starts with ROW's letter, and the line under it.
cell_lines() { screen | grep -A1 -E "^$1 "; }
# legible WHERE: after W1A1 (White's largest on A1), A1's line holds the letter and the piece, and the
# line under it the mark "last" in the same cell.
legible() {
    local lines
    lines=$(cell_lines A)
    grep -qE '^A │ *\( +4 +\) *│' <<<"$(head -1 <<<"$lines")" || fail "$1: row A's letter and the piece on one line"
    grep -qE '^  │ *last *│' <<<"$(tail -1 <<<"$lines")" || fail "$1: the last move's mark under the piece"
}
start -x 120 -y 40
type_move W1A1
wait_moves "1. W1A1"
grep -qF "┌──────────────┬" <<<"$(screen)" || fail "bigger cells at 120x40"
legible "120x40"
for size in 80x24 100x30 160x50; do
    $T resize-window -t ui -x "${size%x*}" -y "${size#*x}"
    wait_for "Moves"
    sleep 0.3
    legible "$size"
done
stop_game
forget_last_game
start -x 120 -y 40 --size 3
type_move W1A1
wait_moves "1. W1A1"
lines=$(cell_lines A)
grep -qE '^A │ *\( +3 +\) *│' <<<"$(head -1 <<<"$lines")" || fail "3x3 at 120x40: row A's letter and the piece on one line"
grep -qE '^  │ *last *│' <<<"$(tail -1 <<<"$lines")" || fail "3x3 at 120x40: the mark under the piece"
stop_game

# The lobby at 120x40.
start_server
LOBBY_SIZE=120x40 lobbies Liam Eamon
lkeys liam p
wait_in liam "Seek ("
lkeys liam C-u
lkeys liam -l "official 4 5m+2s first-to 3 rated bots 1400-1800"
wait_in liam "first-to 3 rated bots 1400-1800"
lkeys liam Enter
wait_in eamon "#1 Liam 1500? rated 5m+2s official 4x4 first to 3 bots 1400-1800"
wait_in eamon "off4  rog4  off3  rog3  doing"
s=$(lscreen eamon)
no_cut "the lobby at 120x40" eamon
# The columns share the width: the players' column is two fifths of it, the seeks' the rest.
bar=$(grep -m1 -F "Seeks (" <<<"$s" | grep -bo '|' | head -1 | cut -d: -f1)
[ -n "$bar" ] && [ "$bar" -ge 66 ] && [ "$bar" -le 74 ] || fail "the columns' border at column $bar of 120"
