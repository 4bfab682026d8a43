# A pause with a way out (issue 33): against the computer, [ (the computer takes White too), p (pauses the
# computer playing itself), [ (White back to you). Giving the seat back ends that pause: there is nothing
# left for it to stop, so the status no longer says PAUSED and a move is played. And p resumes whatever the
# status calls paused: in a timed game the pause outlives the seat's change (it stops the clocks), and p
# lifts it. (The computer thinks for up to 30 s a move, so that the board stands while the keys are typed.)
source "$(dirname "$0")/lib.bash"
start --black computer --level max --think 30
keys '['
wait_for "computer plays White: on"
wait_for "computer thinking"
keys p
wait_for "paused: the computers wait; p resumes"
wait_for "PAUSED: p resumes"
keys '['
wait_text "computer plays White: off; the pause ends: nothing plays itself now"
expect_no "PAUSED"
type_move W3B2
wait_moves "1. W3B2"
wait_for "computer thinking"  # Black's computer answers: its seat is not paused either
stop_game
forget_last_game

# A timed game against the computer: the pause stops the clocks, so it stands when White comes back, and p
# lifts it (it said "there is neither now" before).
start --black computer --level max --think 30 --dm --turn-time 1m --reserve 30s --reserve-chunk 10s
keys '['
wait_for "computer plays White: on"
wait_for "computer thinking"
keys p
wait_for "PAUSED: p resumes"
keys '['
wait_for "computer plays White: off"
wait_for "PAUSED: p resumes"
type_move W3B2
wait_for "the game is paused: press p to resume"
keys p
wait_for "resumed"
expect_no "PAUSED"
type_move W3B2
wait_moves "1. W3B2"
exit 0
