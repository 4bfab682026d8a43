#!/usr/bin/env bash
# kill -9 of the server in the middle of a lobby match: both game screens say the connection is lost and
# the lobbies under them reconnect with their backoff; when the server is back on its database, the
# players connect again (r, or by themselves with the code the lobby's login brings) and the match goes
# on with every move, then ends, and both are back in the lobby.
source "$(dirname "$0")/lib.bash"
start_server unix
start_lobby liam Liam
start_lobby eamon Eamon
wait_in liam "logged in as Liam"
wait_in eamon "logged in as Eamon"
seek_match "official 4 none first-to 1 casual"
lmove $w W1A1; wait_in $b "1. W1A1"
lmove $b K1D4; wait_in $w "1. W1A1 K1D4"
lmove $w W2A2; wait_in $b "2. W2A2"
kill -9 "$SERVER_PID"
wait "$SERVER_PID" 2>/dev/null
SERVER_PID=
wait_in $w "The server keeps the match"
wait_in $b "The server keeps the match"
start_server unix
# The game connections come back: by the lobby's login (its backoff: a few seconds), or r at once.
lkeys $w r
# wait_back SESSION: the game connection is back (the reconnect question has gone and the title says
# "server game", which it says only while the connection plays), waited for on each side: the moves on
# the screen were there before the server went.
wait_back() {
    local i
    for i in $(seq 300); do
        if ! lscreen "$1" | grep -q "r reconnect" && lscreen "$1" | head -1 | grep -q "server game"; then
            return 0
        fi
        sleep 0.1
    done
    lobby_evidence
    fail "$1's game connection did not come back: $(lscreen "$1" | head -1)"
}
wait_back $w
wait_back $b
wait_in $b "Move:"
lmove $b K2D3; wait_in $w "2. W2A2 K2D3" 30
lmove $w W3A3; wait_in $b "3. W3A3" 30
lmove $b K3D2; wait_in $w "3. W3A3 K3D2"
lmove $w W1A4
wait_in $w "any other key: back to the lobby" 30
wait_in $b "any other key: back to the lobby" 30
lkeys $w Enter
lkeys $b Enter
wait_in liam "logged in as Liam" 40
wait_in eamon "logged in as Eamon" 40
wait_in liam "Games in progress (0)"
lkeys liam h
wait_in liam "Finished games of Liam (1)"
