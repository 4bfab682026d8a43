#!/usr/bin/env bash
# A rated server match played fairly (issue 25, 1 and 2): no computer, hint or analysis for a player
# while it runs (each key says why, the footer offers none); the player on move who leaves (q, y) and
# comes back (Enter on the match) again and again stops the clocks for one grace in all: the second time
# their clock runs at once, and the other player may move on their own turn all the while. The grace
# (15 s) is the window in which the test reads that the clocks stand: 5x what a loaded machine takes.
source "$(dirname "$0")/lib.bash"
# (Both players connect from 127.0.0.1: an address the server is told many players share, where a match
# may be rated.)
start_server tcp --grace 15s --shared-address 127.0.0.1
lobbies Liam Eamon
seek_match "official 4 5m+0s first-to 1 rated"
B=Eamon; [ $b = eamon ] || B=Liam
lkeys $w '['
wait_in $w "no computer plays for you in a game on a server while it is played"
lkeys $w '!'
wait_in $w "no hint in a game on a server while it is played"
lkeys $w i
wait_in $w "no analysis in a game on a server while it is played"
for word in "[ ] computer" "! hint" "i analysis"; do
    lscreen $w | grep -qF "$word" && fail "the footer offers $word in a rated server game"
done
lmove $w W1A1; wait_in $b "1. W1A1"
# Black, on move, leaves for the lobby: the clocks stand for his grace (15 s), then his clock runs.
leave() {
    lkeys $b q
    wait_in $b "leave the match against"
    lkeys $b y
    wait_in $b "Games in progress (1)"
}
back() {
    local i j focus now
    # The games list has the focus (its row marked: the one "> " on the screen) before Enter acts on
    # it: Right moves it one list on, waited for each time.
    for i in 1 2 3 4; do
        focus=$(lscreen $b | grep -nE '^> |\|> ' | head -1)
        grep -qE '^[0-9]+:> YOUR MATCH' <<<"$focus" && break
        lkeys $b Right
        for j in $(seq 100); do
            now=$(lscreen $b | grep -nE '^> |\|> ' | head -1)
            [ "$now" != "$focus" ] && break
            sleep 0.1
        done
    done
    wait_in_re $b "^> YOUR MATCH"
    lkeys $b Enter
    wait_in $b "q leave"
    wait_in $w "$B is back"
}
leave
wait_in $w "the clocks stand for what is left of $B's grace"
wait_in $w "$B is away: $B's clock runs" 60
back
# Away again: the grace is spent, so his clock runs at once; nothing stands it.
leave
wait_in $w "$B is away: $B's clock runs"
lscreen $w | grep -qF "clocks stand" && fail "a grace spent stops no clock: $(lscreen $w | grep -F 'clocks stand')"
wait_in_re $w "▶ time 4:[0-5][0-9]"
back
lmove $b K1D4; wait_in $w "1. W1A1 K1D4"
exit 0
