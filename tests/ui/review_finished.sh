# A finished match is reviewed round by round: < > Home End and g step through every round (never "round
# 2 is over and counts in the match"), and a timed one never asks the clock (never "takebacks are off
# while the clock runs"). A move typed in the review is refused, and the match stays as it ended.
source "$(dirname "$0")/lib.bash"
cat >"$WORK/match.txt" <<'GAME'
% gobblet match
% rules: official
% size: 4
% white: Liam
% black: Eamon
% seat white: human
% seat black: human
% first to: 2
% clock: dm 2m 5m 30s
% score: Liam 2 - 0 Eamon
% round 1: Liam (player 1) plays White
W1A1
K1D4
W2A2
K2D3
W3A3
K3D2
W1A4
% result: Liam wins the round: four in a row on row A
% round 2: Eamon (player 2) plays White
W1A1
K1D1
W2A2
K2D2
W3B3
K3D3
W1C4
K1D4
% result: Liam wins the round: four in a row on row D
% match result: Liam wins the match 2-0
GAME
start -x 80 -y 24 --load "$WORK/match.txt"
wait_for "Liam wins the match 2-0"
keys '<'
wait_for "at round 2, White's move 4 of 4"
keys '<'
wait_for "at round 2, Black's move 3 of 4"
keys Home
wait_for "at round 2, the start of 4 moves"
keys '<'
wait_for "at round 1, White's move 4 of 4"
wait_for "Liam wins the round: four in a row on row A"
wait_for "round 1  Liam 1 - 0 Eamon"
keys Home
wait_for "at round 1, the start of 4 moves"
keys '>'
wait_for "at round 1, White's move 1 of 4"
keys g; keys -l 3; keys Enter
wait_for "at round 1, White's move 3 of 4"
# A move in the review changes nothing.
type_move W1B1
wait_for "the match is over: this is its review"
expect_no "W1B1"
keys End
wait_for "at round 1, White's move 4 of 4"
keys '>'
wait_for "at round 2, the start of 4 moves"
keys End
wait_for "the end of the match"
expect_no "REVIEW"
s=$(screen)
grep -qF "takebacks are off" <<<"$s" && fail "the review asked the clock"
grep -qF "is over and counts" <<<"$s" && fail "the review refused a finished round"
grep -qF "Liam wins the match 2-0" <<<"$s" || fail "the match stays as it ended"
exit 0
