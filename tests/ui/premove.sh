# Premoves (issue 33, 21), as on lichess: a move typed or picked with the cursor on the other side's turn
# waits, shown as waiting on the status line, and is played the moment that side has moved; Esc cancels
# it; one illegal when its turn comes is dropped with the reason. Against the computer (whose plan, its
# best move so far, is never shown to the human it plays), then in a network game, where the premove never
# crosses early and costs the player nothing of either clock.
source "$(dirname "$0")/lib.bash"
# White threatens row A at once: the computer (Black) must block A4, and thinks its full 4 s a move.
printf 'W1A1\nK1D1\nW2A2\nK2D2\n' >"$WORK/threat.txt"
start --load "$WORK/threat.txt" --black computer --level max --think 4
wait_for "White to move"
type_move W3A3
wait_re "computer thinking: depth [0-9]+\.\.\."
expect_no ", best "
# A premove picked with the cursor: White's stack X (the cursor reaches the premover's stacks), to B2.
keys Right Right Right Right
keys Enter
wait_for "picked up W1 for a premove: choose where to put it"
keys Left Down Left Left Enter
wait_for "premove W1B2: played as soon as computer (max) has moved, if it is legal then; Esc cancels it"
wait_for "premove W1B2 waits: Esc cancels it"
wait_for "White played W1B2 (premove)"
wait_moves "4. W1B2"
expect_no "premove W1B2 waits"
# On the computer's next turn: a typed premove, cancelled by Esc; then one that will be illegal.
wait_for "computer thinking"
type_move w2c3
wait_for "premove W2C3 waits: Esc cancels it"
keys Escape
wait_for "premove W2C3 cancelled"
expect_no "waits: Esc cancels it"
type_move A3A4
wait_for "premove A3A4 waits: Esc cancels it"
wait_for "premove A3A4 dropped: A4 holds a piece of the same size"
wait_for "White to move"
screen | grep -qE '(^|[^0-9])5\. ' && fail "a cancelled or dropped premove was played"
expect_no "touched"
stop_game; forget_last_game

# A network game with a clock: Eamon (the joiner) premoves on Liam's turn. Nothing reaches Liam's screen
# until Liam has moved; then it is played at once, charged nothing (5m + 2s: Eamon's clock reads 5:02).
start --host 127.0.0.1:0 --code ABCD-2121 --white Liam --game-time 5m --increment 2s
wait_for "waiting for a player, code ABCD-2121"
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code abcd2121 --black Eamon
wait_peer "the game starts; you play Black"
wait_for "Eamon is here: the game starts"
peer_type_move K1C3
wait_peer "premove K1C3: played as soon as Liam has moved, if it is legal then; Esc cancels it"
wait_peer "premove K1C3 waits: Esc cancels it"
sleep 3  # Liam thinks: his time, not Eamon's
expect_no "K1C3"
type_move W3B2
wait_moves "1. W3B2 K1C3"
wait_peer "1. W3B2 K1C3"
wait_for "Eamon played K1C3"
wait_peer "K1C3 (premove)"
wait_peer "time 5:02"
wait_for "time 5:02"
peer_screen | grep -qF "premove K1C3 waits" && fail "the premove still shows as waiting"
# One illegal when Liam has moved (his 4 lands on D4 first) is dropped on Eamon's screen, never sent.
peer_type_move K2D4
wait_peer "premove K2D4 waits: Esc cancels it"
type_move W2D4
wait_peer "premove K2D4 dropped: D4 holds a piece of the same size"
wait_peer "Eamon (Black) to move"
expect_no "K2D4"
