# Draw offers (declined, then accepted: the round is played again with the same starter and score),
# resigning with a confirmation, the loser's choice of starter, and the finished match archived under the
# players' names.
source "$(dirname "$0")/lib.bash"
start --white Liam --black Eamon --first-to 2
keys '='
wait_for "Liam offers a draw: Eamon, do you accept?"
keys n
wait_for "Eamon declines the draw: play goes on"
type_move W3B2; wait_for "Eamon (Black) to move"
keys '='
wait_for "Eamon offers a draw: Liam, do you accept?"
keys y
wait_for "Draw: agreed by both players; round 1 is played again"
keys Enter
wait_for "round 1 is played again: Liam starts"
wait_for "round 1  Liam 0 - 0 Eamon"
wait_for "Liam (White) to move"
expect_no "1. W3B2"
# Liam resigns round 1 (after confirming); Eamon leads and Liam chooses who starts round 2.
keys R
wait_for "Liam: resign round 1?"
keys n
wait_for "play goes on"
keys R; keys y
wait_for "Eamon wins the round: Liam resigned"
wait_for "Liam 0 - 1 Eamon"
wait_for "Liam lost round 1 and chooses who starts round 2"
keys o
wait_for "Eamon starts round 2"
wait_for "Eamon (White) to move"
keys R; keys y
wait_for "Liam wins the round: Eamon resigned"
wait_for "Liam 1 - 1 Eamon"
keys s
wait_for "Eamon starts round 3"
keys R; keys y
wait_for "Liam wins the match 2-1"
archive="$XDG_DATA_HOME/gobblet/games/liam-white--eamon-black.txt"
for i in $(seq 30); do [ -f "$archive" ] && break; sleep 0.1; done
[ -f "$archive" ] || fail "the finished match is archived as liam-white--eamon-black.txt"
grep -qxF "% match result: Liam wins the match 2-1" "$archive" || fail "archive: match result"
grep -qxF "% ending: agreement" "$archive" || fail "archive: the drawn round"
[ "$(grep -c '^% round 1: Liam (player 1) plays White' "$archive")" -eq 2 ] || fail "round 1 played twice"
wait_for "kept in $archive"
# A draw offered to the computer is answered by its rule: it declines a level position.
$T kill-session -t ui
start --black computer:max --think 0.3
keys '='
# (Its "is considering it..." lasts only the computer's think: under load it may be gone before a look.)
# The reason reads in words from the computer's side, not as a signed number.
wait_re "computer \(max\) declines: (about even|Black is (slightly )?better); play goes on"
type_move W3B2
wait_for "computer (max) played"
