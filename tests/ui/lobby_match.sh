#!/usr/bin/env bash
# Two people find each other in a server's lobby (TCP on 127.0.0.1, port 0): both log in (the first login
# registers the name), one posts a seek, the other sees it and accepts, the match opens on both game
# screens with remote seats, they play it to its end (each move seen on the other screen, a premove played
# the moment its turn comes), any key takes
# both back to the lobby, the game has left the list, and nothing went into the --resume autosave.
source "$(dirname "$0")/lib.bash"
start_server
start_lobby liam Liam
start_lobby eamon Eamon
wait_in liam "logged in as Liam"
wait_in liam "welcome, Liam; the name is yours now"
wait_in eamon "logged in as Eamon"
wait_in_re liam "Players \(2\)"
# A seek with terms typed over the ones offered.
lkeys liam p
wait_in liam "Seek (3+2, 3+2 rated, dm, rogers 3 ...: what you leave out is as shown): official 4 5m+2s first-to 1 casual"
lkeys liam C-u
lkeys liam -l "official 4 nonsense"
lkeys liam Enter
wait_in liam "the terms: "
lkeys liam p
lkeys liam C-u
lkeys liam -l "official 4 10m+5s first-to 1 casual"
lkeys liam Enter
wait_in liam "seek posted: official rules, 4x4"
wait_in eamon "#1 Liam 1500? casual 10m+5s official 4x4"
wait_in eamon "official rules, 4x4, a single game, 10m + 5s a move, casual; for people only"
wait_in liam "(yours)"
lkeys eamon a
wait_in eamon "q leave"
wait_in liam "q leave"
wait_in liam "Eamon"
white=$(white_of liam)
[ "$white" = "$(white_of eamon)" ] || fail "both screens name the same White ($white)"
case $white in
    Liam) w=liam b=eamon ;;
    Eamon) w=eamon b=liam ;;
    *) fail "White is Liam or Eamon, not '$white'" ;;
esac
wait_game $w
# A person across the network is named, with nothing beside the name (issue 33, item 13).
lscreen $w | grep -qF "(remote)" && fail "\"(remote)\" beside a name already known: $(lscreen $w | grep -F "(remote)")"
# Row A for White, one move at a time; each appears on the other screen's move list.
lmove $w W1A1; wait_in $b "1. W1A1"
lmove $b K1D4; wait_in $w "1. W1A1 K1D4"
# On the other side's turn a move waits as a premove (issue 33, 21): the server and White see nothing of
# it until White has moved, and then it is played at once.
lmove $b K2D3; wait_in $b "premove K2D3 waits: Esc cancels it"
lscreen $w | grep -qF K2D3 && fail "White's screen shows Black's premove before White has moved"
lmove $w W2A2; wait_in $b "2. W2A2 K2D3"
wait_in $w "2. W2A2 K2D3"
lmove $w W3A3; wait_in $b "3. W3A3"
lmove $b K3D2; wait_in $w "3. W3A3 K3D2"
lmove $w W1A4
wait_in $w "$white wins: four in a row on row A"
wait_in $b "$white wins: four in a row on row A"
wait_in $w "any other key: back to the lobby"
wait_in $b "any other key: back to the lobby"
lkeys $w x
lkeys $b Enter
wait_in liam "your match is over: $white wins"
wait_in eamon "your match is over: $white wins"
wait_in liam "Games in progress (0)"
wait_in eamon "logged in as Eamon"
# A server's match never touches the autosave that --resume continues.
for n in Liam Eamon; do
    [ ! -e "$WORK/$n/state/gobblet/autosave.txt" ] || fail "$n's autosave was written by a server's match"
done
grep -q "Liam" "$WORK/server.log" || fail "the server saw Liam"
# q leaves the lobby at once (no match in progress), the terminal as it was.
lkeys liam q
[ "$(wait_in_exit liam)" = 0 ] || fail "the lobby's exit status"
wait_in eamon "Players (1)"
