#!/usr/bin/env bash
# The lobby's lists (issue 33, item 19), at 80x24: one "> " on the screen, on the row selected in the list
# that has the focus (the other lists' selections and the headings had theirs too); a list with more rows
# than it shows says how many are hidden above and below; Down past the end stays on the last row of the
# same list and says so, as Up past the top does; the lobby's help says that Enter on a player shows the
# profile (it said that it challenges). The players are twelve guests (build/lobby-load) and two people.
source "$(dirname "$0")/lib.bash"
LOAD=${GOBBLET_LOBBY_LOAD:-$ROOT/build/lobby-load}
[ -x "$LOAD" ] || fail "build/lobby-load is missing (make builds it with the unit tests)"
start_server tcp
"$LOAD" "$SERVER" idle 12 --hold 120 --settle 0 >"$WORK/load.log" 2>&1 &
LOAD_PID=$!
trap 'kill $LOAD_PID 2>/dev/null; stop_server; cleanup' EXIT
export LOBBY_SIZE=80x24
lobbies Liam Eamon
wait_in liam "Players (14)"
# marks SESSION: the lines with a "> " mark, in either column.
marks() { lscreen "$1" | grep -cE '^> |\|> '; }
one_mark() { [ "$(marks "$1")" = 1 ] || { lobby_evidence; fail "$2: one > on the screen, not $(marks "$1")"; }; }

lkeys liam p
wait_in liam "Seek:"
lkeys liam C-u
lkeys liam -l "official 4 none first-to 1 casual"
wait_in liam "first-to 1 casual"
lkeys liam Enter
wait_in liam "#1 Liam 1500? (yours)"
one_mark liam "the seeks focused"
# The players: Right twice (seeks, games, players). Fourteen rows in fewer lines: the list says that
# more are below, and none above.
lkeys liam Right
wait_in liam "the games list"
one_mark liam "the games focused, empty"
lkeys liam Right
wait_in liam "the players list"
one_mark liam "the players focused"
wait_in_re liam '\|  \([0-9]+ more below\)'
lscreen liam | grep -qE '\|  \([0-9]+ more above\)' && fail "more above, at the top of the players"
# Down to the end: the hidden rows are above now, and the last player is selected.
for i in $(seq 13); do lkeys liam Down; done
wait_in_re liam '\|  \(([0-9]+) more above\)'
lkeys liam Down
wait_in liam "the end of the players (14): Left and Right go to the other lists"
one_mark liam "Down past the end"
lscreen liam | grep -qE '\|  \([0-9]+ more below\)' && fail "more below, at the end of the players"
# The last row is still the one selected, in the players' list: its details say who.
last=$(lscreen liam | grep -oE '\|> [^ ]+' | sed 's/|> //')
[ -n "$last" ] || fail "a player selected at the end"
wait_in_text liam "$last"
lkeys liam Down
wait_in liam "the end of the players (14)"
[ "$(lscreen liam | grep -oE '\|> [^ ]+' | sed 's/|> //')" = "$last" ] || fail "Down past the end moved"
one_mark liam "Down past the end, twice"
# Up to the top, and past it.
for i in $(seq 14); do lkeys liam Up; done
wait_in liam "the top of the players (14)"
one_mark liam "Up past the top"
# Back on the seeks: its row is marked, the players' selection no longer.
lkeys liam Right
lkeys liam Right
wait_in liam "the seeks list"
one_mark liam "back on the seeks"
lscreen liam | grep -qE '^> #1 Liam' || fail "the seek selected is the one marked"

# The help says what Enter does on a player: the profile (c challenges).
lkeys eamon '?'
wait_in eamon "gobblet help: the lobby"
for i in $(seq 10); do
    lscreen eamon | tr '\n' ' ' | tr -s ' ' | grep -qF "show a player's profile (c challenges them)" && break
    lkeys eamon NPage
    sleep 0.2
done
lscreen eamon | tr '\n' ' ' | tr -s ' ' | grep -qF "show a player's profile (c challenges them)" ||
    fail "the help says what Enter does on a player"
lkeys eamon Home
for i in $(seq 10); do
    lscreen eamon | tr '\n' ' ' | tr -s ' ' | grep -qF "challenge a player, show" &&
        fail "the help says Enter challenges a player"
    lkeys eamon NPage
    sleep 0.2
done
