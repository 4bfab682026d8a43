# Gobblet Jr.: a 3x3 board with rows A-C and columns 1-3, stacks holding two pieces of one size.
source "$(dirname "$0")/lib.bash"
start --size 3
s=$(screen)
grep -qE '^ +1 +2 +3 +White' <<<"$s" || fail "columns 1-3 only"
grep -qE '^C ' <<<"$s" || fail "row C"
grep -qE '^D ' <<<"$s" && fail "no row D on 3x3"
grep -qF "3x3" <<<"$s" || fail "size shown"
grep -qE 'X W1 \(  3  \) 2 left' <<<"$s" || fail "stack X holds two 3s"
type_move "W3B2"
wait_for "Black to move"
wait_for "Y W2 ( 2 ) 2 left"
