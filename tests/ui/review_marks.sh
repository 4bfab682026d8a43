# The review in the game: an opened game (--load, o) and a finished one get their moves judged in the
# background (the same judgements as --review: tests/cli/review.sh), the move list marks the bad ones
# (?! ? ??), stepping through the game shows the judgement of the move stepped over with the better
# move, and a new game forgets the marks.
source "$(dirname "$0")/lib.bash"
F="$(fixtures_dir)/thrown-win.txt"  # 5...K1D3, 6.W1A1 and 6...K2A3 are blunders, the rest good
start -x 80 -y 24 --load "$F"
wait_long 60 "6. W1A1?? K2A3??"  # the review searches in the background: slow under the sanitizers
s=$(screen)
grep -qF "5. W1C2 K1D3??" <<<"$s" || fail "Black's blunder at move 5"
grep -qE "4\. B4D4 K3C3$" <<<"$s" || fail "no mark on good moves"
[ "$(grep -oE "[A-DWK][1-4][A-D][1-4][?!]+" <<<"$s" | wc -l)" -eq 3 ] || fail "three marks in all"
# Stepping back over a move shows its judgement: the better move can be played right there.
keys '<'
wait_for "took back K2A3; > replays; 6... K2A3?? blunder: A2D4 was better (Black is"
keys '<'
wait_for "took back W1A1; > replays; 6. W1A1?? blunder: W3D1 was better (White wins in 2"
keys '>'
wait_for "replayed W1A1; 6. W1A1?? blunder: W3D1 was better (White wins in 2 -> Black is"
keys Home
wait_for "at the start of 6 moves"
keys g; keys -l "1..."; keys Enter
wait_for "at Black's move 1 of 6; 1... K1A2 good (about even)"
keys End
wait_for "at Black's move 6 of 6; 6... K2A3?? blunder: A2D4 was better"
# Played on to its end, the whole game is reviewed again: the marks stay, the new moves are judged.
play "7. W3D1 K1A4" "8. W2A4"
wait_for "White wins: four in a row"
for i in $(seq 300); do screen | grep -qF "reviewing" || break; sleep 0.1; done
expect_no "reviewing"
wait_long 60 "6. W1A1?? K2A3??"  # the review searches in the background: slow under the sanitizers
keys '<'
wait_for "at Black's move 7 of 8; 8. W2A4 good (White wins in 1)"  # a finished game: its review
# A new game forgets the marks; the finished game opened again from the archive (o) is reviewed again.
keys n
wait_for "start a new game?"
keys y
wait_re "^new game$"
expect_no "??"
keys o
wait_for "Saved and archived games"
keys Enter
wait_for "opened "
wait_long 60 "6. W1A1?? K2A3??"  # the review searches in the background: slow under the sanitizers
keys '<'
wait_for "at Black's move 7 of 8; 8. W2A4 good (White wins in 1)"  # a finished game: its review
