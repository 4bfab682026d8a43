# Two computers play a whole match to two wins on their own; the result is on screen and the finished
# match is archived.
source "$(dirname "$0")/lib.bash"
start --white computer --black computer --level easy --first-to 2 --speed fast --seed 3
wait_long 120 "wins the match"
archive=$(ls "$XDG_DATA_HOME"/gobblet/games/computer-easy-white--computer-easy-black*.txt 2>/dev/null | head -1)
[ -n "$archive" ] || fail "the match is archived"
grep -qE "^% match result: computer \(easy\) wins the match 2-[01]$" "$archive" || fail "match result in the archive"
grep -qxF "% score: $(grep -oE 'computer \(easy\) [0-9] - [0-9] computer \(easy\)' "$archive" | head -1)" "$archive" ||
    fail "score line"
