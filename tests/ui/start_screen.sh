# The start-up screen: board labels, both sides' stacks, the status line, the rules and the key help.
source "$(dirname "$0")/lib.bash"
start
s=$(screen)
for want in "official rules" "White to move" "White  <" "Moves" "q quit" "? help"; do
    grep -qF -- "$want" <<<"$s" || fail "missing: $want"
done
# Players nobody named are called by their colour, on the screen as in the file (issue 33, item 13).
grep -qE "[^ ]  Black$" <<<"$s" || fail "Black's line names nobody else"
grep -qF "(human)" <<<"$s" && fail "a player called (human) on screen, White or Black in the file"
grep -qE '^ +1 +2 +3 +4' <<<"$s" || fail "column numbers 1-4"
for r in A B C D; do grep -qE "^$r " <<<"$s" || fail "row label $r"; done
[ "$(grep -cE 'X W1 \(   4   \) 4 left' <<<"$s")" -eq 1 ] || fail "White's stack X"
grep -qE 'Z K3 \[   4   \] 4 left' <<<"$s" || fail "Black's stack Z"
