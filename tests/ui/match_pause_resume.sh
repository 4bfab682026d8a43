# p pauses the clocks (and moves wait); quitting and --resume restore a match with its names, score,
# round and clocks as they were when it was saved: the time the program was closed does not count.
source "$(dirname "$0")/lib.bash"
start --white Liam --black Eamon --dm --turn-time 1m --reserve 30s --reserve-chunk 10s
type_move W3B2
wait_for "Eamon (Black) to move"
keys p
wait_for "paused: the clocks are stopped; p resumes"
wait_for "PAUSED"
before=$(screen | grep -oE 'turn [0-9:]+  reserve 0:30' | sed -n 2p)
sleep 1.5
after=$(screen | grep -oE 'turn [0-9:]+  reserve 0:30' | sed -n 2p)
[ -n "$before" ] && [ "$before" = "$after" ] || fail "a paused clock stands still ($before, then $after)"
type_move K1C3
wait_for "the game is paused: press p to resume"
keys p
wait_for "resumed"
type_move K1C3
wait_for "Liam (White) to move"
sleep 2  # Liam's clock runs
keys q
[ "$(wait_exit)" = 0 ] || fail "q exits with status 0"
$T kill-session -t ui
sleep 6  # closed: this time must not count
start --resume
wait_for "resumed the last match (1 move, round 1)"
s=$(screen)
grep -qF "round 1  Liam 0 - 0 Eamon  first to 2" <<<"$s" || fail "names, round and score restored"
grep -qF "1. W3B2 K1C3" <<<"$s" || fail "moves restored"
grep -qE "turn 0:5[4-8]  reserve 0:30" <<<"$s" || fail "Liam's clock restored without the closed time: $(grep turn <<<"$s")"
