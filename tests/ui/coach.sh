# The coach: off by default, switched on in the menu (or with --coach). Against the computer it judges
# the human's move before the computer replies: a blunder that throws away a win in two gets one warning
# naming the winning move, u takes the move back without a reply, any other key lets the computer reply;
# good moves get no word at all (the computer replies at once), and the finished game is reviewed.
source "$(dirname "$0")/lib.bash"
F="$(fixtures_dir)/win-in-two.txt"  # White to move wins in two with W3D1; W1A1 throws it away
warning="coach: W1A1 is a blunder: W3D1 was better (White wins in 2 -> Black is slightly"  # wraps at 80

# Off by default: the blunder is answered at once.
start -x 80 -y 24 --load "$F" --black computer --seed 1
wait_for "5. W1C2"
type_move W1A1
wait_for "computer (medium) played"
expect_no "coach"
keys u
wait_for "(your turn again)"
# The menu's row above the last (the last opens Grabble) switches it on.
keys m
wait_for "Coach: warns of your bad moves against the computer"
keys End Up Enter
wait_for "coach on: after your move against the computer"
keys Escape
type_move W1A1
wait_for "$warning"
wait_for "u take it back   any other key: play on"
# The computer waits for the answer: u takes the move back, and nothing is replayed.
keys u
wait_for "took back W1A1: White to move again"
wait_for "White to move"
s=$(screen)
grep -qE "5\. W1C2 +K1D3" <<<"$s" || fail "the game is back after Black's fifth move"
grep -qE "  6\. [WK]" <<<"$s" && fail "no sixth move after taking it back"
grep -qF "REVIEW" <<<"$s" && fail "taking back does not leave a move to replay"
# The winning move: no word from the coach, the computer replies by itself.
type_move W3D1
wait_for "computer (medium) played"
expect_no "coach:"
expect_no "take it back"
# The winning move again (as the hint finds it): the game ends, without a word from the coach.
keys '!'
wait_re "hint: [A-D][1-4][A-D][1-4] \(wins: four in a row"
win=$(screen | grep -oE "hint: [A-D][1-4][A-D][1-4]" | head -1 | cut -c7-)
type_move "$win"
wait_for "White wins: four in a row"
expect_no "coach:"
# The finished game is reviewed: Black's fifth move let the win in two happen.
wait_for "K1D3??"

# --coach, and any other key than u lets the computer reply to the blunder.
$T kill-session -t ui
start -x 80 -y 24 --load "$F" --black computer --seed 1 --coach
wait_for "5. W1C2"
type_move W1A1
wait_for "$warning"
keys Space
wait_for "computer (medium) played"
wait_re "6\. W1A1 +[A-DK][1-4][A-D][1-4]"
expect_no "take it back"
