# A terminal whose locale is not UTF-8 (LANG=C) shows names as the archive's file names write them (issue
# 33, item 15): Latin letters in ASCII, their case kept (Łukasz is Lukasz, Zoë is Zoe), never "?ukasz",
# "Zo?" or bytes the terminal garbles; the archive's file name has the same letters.
source "$(dirname "$0")/lib.bash"
start -x 100 -y 30 -e LC_ALL=C -e LANG=C --white "Łukasz" --black "Zoë" --first-to 2
wait_for "round 1  Lukasz 0 - 0 Zoe  first to 2"
wait_for "White  Lukasz  <"
wait_for "Black  Zoe"
wait_for "Lukasz (White) to move"
s=$(screen)
grep -qF "?" <<<"$(head -3 <<<"$s")" && fail "a name as ?: $(head -3 <<<"$s")"
LC_ALL=C grep -q $'[\x80-\xff]' <<<"$s" && fail "bytes past ASCII reached a C-locale terminal"
play "1. W1A1 K1D4" "2. W2A2 K2D3" "3. W3A3 K3D2"
type_move W1A4
wait_for "Lukasz wins the round: four in a row on row A"
wait_for "Zoe lost round 1 and chooses who starts round 2"
# The help's pages (draw_help) write the same letters.
keys '?'
wait_for "The question: Zoe lost round 1 and chooses who starts round 2"
wait_for "Lukasz starts round 2 and plays White"
keys Escape
stop_game
