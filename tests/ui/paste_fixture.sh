# Pasting the Liam/Eamon match resumes it under Ed Rogers' rules with White to move; under the official
# rules the paste is refused at line 4, with the flag that would accept it, and nothing changes.
source "$(dirname "$0")/lib.bash"
n=$(grep -cE '^[A-Za-z]' "$FIXTURE")
# The README shows the game as its paste example: it says the game is Ed Rogers' and shows the command to
# paste it into, which is the one played here.
example=$(grep -A2 'tests/fixtures/liam-white--eamon-black.txt' "$ROOT/README.md" | tr '\n' ' ')
grep -qF "Ed Rogers" <<<"$example" || fail "the README's paste example does not say it is an Ed Rogers game"
command=$(grep -oE '`\./main [^`]*`' <<<"$example" | head -1 | tr -d '`')
[ "$command" = "./main --rules rogers" ] || fail "the README's paste example shows [$command]"
start ${command#./main }
paste "$FIXTURE"
wait_for "pasted White's move 1 to Black's move $((n / 2))"  # (38 moves played: 19 in the list)
wait_for "White to move"
$T kill-session -t ui
start
paste "$FIXTURE"
wait_for "paste refused, nothing changed: line 4"
wait_for "use --rules rogers"
wait_for "White to move"
screen | grep -q "1\.W3B2" && fail "a refused paste must not play anything"
exit 0
