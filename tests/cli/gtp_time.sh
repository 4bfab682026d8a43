#!/usr/bin/env bash
# ./main --gtp: time_settings and time_left are accepted as GTP v2 defines them (absurd ones capped,
# with a message), genmove answers under them, resign and offer_draw end the game and result says how.
source "$(dirname "$0")/lib.bash"
out=$(printf '%s\n' 'level max' 'time_settings 0 0.3 1' 'time_left white 0.3 1' 'genmove' 'to_move' \
    'time_settings 0 7200 1' 'resign' 'result' 'undo' 'result' 'resign black' 'result' \
    'clear_board' 'time_settings 0 0 0' 'level medium' 'play W3B2' 'offer_draw' 'result' | "$MAIN" --gtp)
mapfile -t replies < <(grep -v '^$' <<<"$out")
expect_eq "time_settings" "${replies[1]}" "="
expect_eq "time_left" "${replies[2]}" "="
[[ ${replies[3]} =~ ^=\ W[1-3][A-D][1-4]$ ]] || fail "genmove under a clock: ${replies[3]}"
expect_eq "to_move" "${replies[4]}" "= black"
expect_eq "capped" "${replies[5]}" "= a move gets at most 3600 s, as with --think"
expect_eq "resign" "${replies[6]}" "="
expect_eq "result after resign" "${replies[7]}" "= white resignation"
expect_eq "undo resign" "${replies[9]}" "= none"
expect_eq "resign black" "${replies[11]}" "= white resignation"
expect_eq "draw declined" "${replies[16]}" "= decline"
expect_eq "still playing" "${replies[17]}" "= none"
printf 'known_command offer_draw\nknown_command time_left\nknown_command resign\n' | "$MAIN" --gtp | grep -c 'true' |
    { read -r n; expect_eq "known commands" "$n" 3; }
