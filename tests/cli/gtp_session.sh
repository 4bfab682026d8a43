#!/usr/bin/env bash
# ./main --gtp answers a scripted session on stdout only and exits 0 at the end of input.
source "$(dirname "$0")/lib.bash"
out=$(printf '1 protocol_version\nplay W3B2\n\n# comment\nplay K9Z9\n2 to_move\nshowboard\n' | "$MAIN" --gtp 2>"$WORK/err")
status=$?
expect_eq "exit status" "$status" 0
expect_eq "stderr" "$(cat "$WORK/err")" ""
expected=$'=1 2\n\n=\n\n? cannot read the move: K9Z9: not a reserve stack: White\'s stacks are W1-W3, Black\'s K1-K3\n\n=2 black\n\n=\n  1     2     3     4\nA .     .     .     .\nB .     W4    .     .\nC .     .     .     .\nD .     .     .     .\nWhite stacks: W1 [4 3 2 1]  W2 [4 3 2 1]  W3 [3 2 1]\nBlack stacks: K1 [4 3 2 1]  K2 [4 3 2 1]  K3 [4 3 2 1]\nBlack to move'
expect_eq "replies" "$out" "$expected"
