#!/usr/bin/env bash
# The footer offers only keys that work now (issue 33, item 8): a rated server match offers no takeback
# (< u) and no pause (p), and each says why when pressed; a guest, by --guest or by g at a refused login,
# is offered no history of their own (h) and no tournament (n), and each says why. A casual match offers
# the takeback once there is a move of one's own to take back, so the footer is read, not empty.
source "$(dirname "$0")/lib.bash"
# (The players connect from 127.0.0.1: an address the server is told many players share, where a match
# may be rated.)
start_server tcp --shared-address 127.0.0.1
lobbies Liam Eamon
seek_match "official 4 5m+0s first-to 1 rated"
lmove $w W1A1; wait_in $b "1. W1A1"
lmove $b K1D4; wait_in $w "1. W1A1 K1D4"
footer() { lscreen "$1" | tail -n 2; }
for s in $w $b; do
    footer $s | grep -qF "< u undo" && fail "the footer of a rated match offers a takeback: $(footer $s)"
    footer $s | grep -qF "p pause" && fail "the footer of a rated match offers a pause: $(footer $s)"
    footer $s | grep -qF "= draw" || fail "the footer of a rated match offers a draw: $(footer $s)"
done
lkeys $w '<'
wait_in $w "a rated game has no takebacks"
lkeys $w p
wait_in $w "a rated game has no pauses"
lkeys $b u
wait_in $b "a rated game has no takebacks"
# The match ends (Black resigns); then a casual one: a takeback is offered once a move of one's own is
# there to take back.
lkeys $b R; wait_in $b "resign the game?"; lkeys $b y
wait_in $w "The match is over"
lkeys $w x; lkeys $b x
wait_in liam "Games in progress (0)"; wait_in eamon "Games in progress (0)"
lkeys liam p; lkeys liam C-u; lkeys liam -l "official 4 5m+0s first-to 1 casual"; lkeys liam Enter
wait_in eamon "#2 Liam"
lkeys eamon a
wait_in liam "q leave"; wait_in eamon "q leave"
case $(white_of liam) in Liam) w=liam b=eamon ;; *) w=eamon b=liam ;; esac
footer $w | grep -qF "< u undo" && fail "a takeback with no move to take back: $(footer $w)"
lmove $w W1A1; wait_in $b "1. W1A1"
wait_in $w "< u undo"
footer $w | grep -qF "p pause" || fail "the footer of a casual timed match offers a pause: $(footer $w)"

# A guest by --guest: no history of their own, no tournament.
start_lobby zoe Zoe --guest
wait_in zoe "logged in as ~Zoe"
footer zoe | grep -qF "h history" && fail "a guest is offered a history: $(footer zoe)"
footer zoe | grep -qF "n tournament" && fail "a guest is offered a tournament: $(footer zoe)"
lkeys zoe h
wait_in zoe "a guest keeps no history"
# A guest by g, at the login a name taken refused: the same.
LOBBY_HOME=other start_lobby liam2 Liam
wait_in liam2 "g as a guest"
lkeys liam2 g
wait_in liam2 "logged in as ~Liam"
footer liam2 | grep -qF "h history" && fail "a guest (g) is offered a history: $(footer liam2)"
footer liam2 | grep -qF "n tournament" && fail "a guest (g) is offered a tournament: $(footer liam2)"
lkeys liam2 n
wait_in liam2 "a guest neither organizes nor plays tournaments"
lkeys liam2 h
wait_in liam2 "a guest keeps no history"
exit 0
