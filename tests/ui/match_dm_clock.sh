# A two-player DM match with short times: both clocks on screen, a chunk taken from the reserve when the
# turn time runs out, a loss on time when the reserve is empty, the score, the loser choosing who starts
# the next round, and the match saved as one file with its rounds. Real time is unavoidable here: every
# deadline the test acts before leaves at least 10 s (two 5 s chunks) for what a loaded machine does
# in under 2 s (a look at the screen and a key).
source "$(dirname "$0")/lib.bash"
start --white Liam --black Eamon --dm --turn-time 2s --reserve 10s --reserve-chunk 5s
s=$(screen)
grep -qF "round 1  Liam 0 - 0 Eamon  first to 2" <<<"$s" || fail "title with round, score and target"
grep -qE "White  Liam  <" <<<"$s" || fail "Liam plays White and is to move"
grep -qE "turn [0-9.:]+  reserve (0:10|10\.0)" <<<"$s" || fail "both clocks with their reserve"
# The clocks start with White's first move (as a server's do): until then none runs.
wait_for "the clocks start with White's first move"
type_move W3B2
wait_for "Eamon (Black) to move"
expect_no "the clocks start with"
# Eamon lets his turn time run out: one chunk of 5 s moves from his reserve onto the turn.
wait_for "Eamon's turn time ran out: 5s taken from the reserve (5.0 left)"
# Eamon does not move: his turn time and both chunks run out, and he loses the round on time.
wait_long 60 "Eamon ran out of time with no reserve left: Liam wins the round"
wait_for "round 1  Liam 1 - 0 Eamon"
wait_for "Eamon lost round 1 and chooses who starts round 2 (the starter plays White)."
wait_for "s Eamon starts   o Liam starts"
keys s
wait_for "Eamon starts round 2"
wait_for "round 2  Liam 1 - 0 Eamon"
wait_for "Eamon (White) to move"
keys p  # pause, so that the file read below sees a quiet match
wait_for "PAUSED"
save="$XDG_STATE_HOME/gobblet/autosave.txt"
for want in "% gobblet match" "% white: Liam" "% black: Eamon" "% first to: 2" "% clock: dm 2s 10s 5s" \
    "% score: Liam 1 - 0 Eamon" "% round 1: Liam (player 1) plays White" "W3B2" "% ending: time black" \
    "% result: Eamon ran out of time with no reserve left: Liam wins the round" \
    "% round 2: Eamon (player 2) plays White" "% clock state: "; do
    grep -qxF -- "$want" "$save" || grep -qF -- "$want" "$save" || fail "the match file lacks: $want"
done
