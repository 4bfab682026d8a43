# The small ones of issue 33, item 16: a local timed game's clocks wait for White's first move, as a
# server's do; a paused clock is marked with a pause sign, never `=` (the draw key's); a match's review
# shows in its title the score after the round shown, whatever step of it is shown. (The tutorial's
# question before a skip and its "Try again: move": tests/ui/tutorial.sh; the joiner's chat log after
# --resume: tests/ui/net_chat_resume.sh; --lobby 127.0.0.1: tests/cli/flags.sh.)
source "$(dirname "$0")/lib.bash"
start --white Liam --black Eamon --game-time 5m --first-to 2
wait_for "the clocks start with White's first move"
sleep 2  # no clock runs meanwhile
s=$(screen)
[ "$(grep -c "time 5:00" <<<"$s")" = 2 ] || fail "both clocks stand at 5:00 before White's move: $(grep time <<<"$s")"
grep -qF "▶" <<<"$s" && fail "a clock is marked running before White's first move"
type_move W3B2
wait_for "Eamon (Black) to move"
expect_no "the clocks start with"
wait_re "▶ time 4:5[0-9]"  # Black's runs
keys p
wait_for "PAUSED"
wait_re "‖ time 4:5[0-9]"
screen | grep -qE " = time" && fail "a paused clock marked with the draw key's ="
keys p
wait_for "resumed"
wait_re "▶ time 4:5[0-9]"
stop_game; forget_last_game

# A match's review: round 1 shown at any step, the title says the score after it.
start --white Liam --black Eamon --first-to 2
play "1. W1A1 K1D4" "2. W2A2 K2D3" "3. W3A3 K3D2"
type_move W1A4
wait_for "Eamon lost round 1 and chooses who starts round 2"
keys o  # Liam starts round 2
wait_for "round 2  Liam 1 - 0 Eamon"
keys '<'  # from the start of round 2 into round 1's end
wait_for "at round 1, White's move 4 of 4"
wait_for "round 1  Liam 1 - 0 Eamon"
keys Home
wait_for "at round 1, the start of 4 moves"
wait_for "REVIEW round 1 at the start"
wait_for "round 1  Liam 1 - 0 Eamon"
expect_no "Liam 0 - 0 Eamon"
keys '>'
wait_for "at round 1, White's move 1 of 4"
wait_for "round 1  Liam 1 - 0 Eamon"
stop_game
