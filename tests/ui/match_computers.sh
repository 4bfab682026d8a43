# Two computers play a whole match to two wins on their own; the result is on screen and the finished
# match is archived. Two computers alike get names that tell them apart (as --match does with max#1 and
# max#2), on the screen, in the archive and in the result; and the rounds differ (without --seed, as a
# player starts it): each round is a new game to them, even when the loser starts again.
source "$(dirname "$0")/lib.bash"
start -x 130 -y 40 --white computer:easy --black computer:easy --first-to 2 --speed fast
# (At this speed a round may be over before the screen is read: only the end is waited for.)
wait_long 120 "The match is over and kept in"
wait_re "round [0-9]  computer \(easy\) #1 [0-2] - [0-2] computer \(easy\) #2  first to 2"
wait_re "computer \(easy\) #[12] wins the match 2-[01]"
wait_re "(White|Black)  computer \(easy\) #1"
wait_re "(White|Black)  computer \(easy\) #2"
archive=$(ls "$XDG_DATA_HOME"/gobblet/games/computer-easy-1-white--computer-easy-2-black*.txt 2>/dev/null | head -1)
[ -n "$archive" ] || fail "the match is archived under both names: $(ls "$XDG_DATA_HOME"/gobblet/games/)"
grep -qE "^% match result: computer \(easy\) #[12] wins the match 2-[01]$" "$archive" || fail "match result in the archive"
grep -qxF "% white: computer (easy) #1" "$archive" && grep -qxF "% black: computer (easy) #2" "$archive" ||
    fail "the players' names in the archive"
grep -qxF "% score: $(grep -oE 'computer \(easy\) #1 [0-9] - [0-9] computer \(easy\) #2' "$archive" | head -1)" "$archive" ||
    fail "score line"
# Each round's moves: the lines between one "% round" line and the next that are moves.
round_moves() { awk -v n="$1" '/^% round /{r++; next} /^%/{next} r==n' "$archive"; }
r1=$(round_moves 1) r2=$(round_moves 2)
[ -n "$r1" ] && [ -n "$r2" ] || fail "two rounds in the archive"
[ "$r1" != "$r2" ] || fail "round 2 repeated round 1 move for move: $(tr '\n' ' ' <<<"$r1")"
