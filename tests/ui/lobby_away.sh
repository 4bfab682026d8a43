#!/usr/bin/env bash
# A player of a clocked server match vanishes: the other's screen says who is away and what the clocks
# do, and never "PAUSED: p resumes" (an absence stops the clocks, but only an agreed pause is a pause
# that p lifts). After the grace the absent player's clock runs; when they come back, play goes on,
# and a pause they agree to shows on both screens.
source "$(dirname "$0")/lib.bash"
start_server tcp --grace 4s
start_lobby liam Liam
start_lobby eamon Eamon
wait_in liam "logged in as Liam"
wait_in eamon "logged in as Eamon"
seek_match "official 4 5m+2s first-to 1 casual"
B=Eamon
[ $b = eamon ] || B=Liam
lmove $w W1A1; wait_in $b "1. W1A1"
# Black's turn: Black goes away (the program ends with its terminal).
$T kill-session -t "=$b"
wait_in $w "$B is away" 30
lscreen $w | grep -q "PAUSED" && fail "an absence is not a pause: $(lscreen $w | grep PAUSED)"
# The grace is over: the absent player's clock runs, and still no pause is shown.
wait_in $w "$B is away: $B's clock runs" 30
lscreen $w | grep -q "PAUSED" && fail "after the grace the clock runs: $(lscreen $w | grep PAUSED)"
# Back: the lobby's login brings the match's code, the game connection comes back, and play goes on.
start_lobby $b $B
wait_in $b "1. W1A1" 40
lmove $b K1D4; wait_in $w "1. W1A1 K1D4" 30
lscreen $w | grep -q "PAUSED" && fail "nothing is paused after the return: $(lscreen $w | grep PAUSED)"
lscreen $b | grep -q "PAUSED" && fail "nothing is paused for the one who came back: $(lscreen $b | grep PAUSED)"
# A pause both agree to is a pause: both screens say so.
lkeys $w p
wait_in $b "offers a pause: p agrees, Esc declines" 30
lkeys $b p
wait_in $w "PAUSED: p resumes" 30
wait_in $b "PAUSED: p resumes" 30
exit 0
