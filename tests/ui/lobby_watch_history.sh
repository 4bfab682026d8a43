#!/usr/bin/env bash
# A spectator, the history and passwords (a server on a unix socket): Nora watches Liam and Eamon's match
# and sees each move in order, never the players' chat, and cannot move; after it Liam lists his games,
# saves one as a transcript (its content checked) and reviews it on the board with the engine's marks;
# he sets a password (typed twice, never drawn) and logs in with it from a second machine that has no
# secret for the name, which then keeps a secret of its own.
source "$(dirname "$0")/lib.bash"
# (Every player here is this machine's one user: the server is told the user is many players, so that Nora
# may watch a game of players from "her" source.)
start_server unix --shared-address "unix:uid=$(id -u)"
start_lobby liam Liam
start_lobby eamon Eamon
start_lobby nora Nora
wait_in liam "logged in as Liam"
wait_in eamon "logged in as Eamon"
wait_in nora "logged in as Nora"
lkeys liam c
wait_in liam "Challenge (NAME, then what differs from official 4 5m+2s first-to 1 casual)"
lkeys liam C-u
lkeys liam -l "Eamon rogers 4 none first-to 1 casual"
lkeys liam Enter
wait_in liam "challenge sent to Eamon"
# A challenge is said at once, once, on its line beside the lists (a accepts, x declines), and in the
# seeks' list.
wait_in_text eamon "Liam (1500?) challenges you: a accepts, x declines, N refuses Liam; casual none rogers 4x4"
wait_in eamon "CHALLENGES YOU"
# Nora sees no challenge between two others.
wait_in nora "Seeks (0)"
wait_in eamon "a accepts, x declines"
lkeys eamon a
wait_in liam "q leave"
wait_in eamon "q leave"
white=$(white_of liam)
case $white in
    Liam) w=liam b=eamon ;;
    Eamon) w=eamon b=liam ;;
    *) fail "White is Liam or Eamon, not '$white'" ;;
esac
# Nora selects the game (Right: the games list) and watches it.
wait_in nora "Games in progress (1)"
lkeys nora Right
wait_in nora "the games list"
lkeys nora w
# A spectator may talk to the other spectators (Tab), never to the players.
wait_in nora "q leave  Tab chat"
# No engine for a spectator of a live game: the review after it has it all.
lkeys nora i
wait_in nora "no analysis while the game is live: the review after it has it all"
lscreen nora | grep -qF "i analysis" && fail "a live game's footer offers no analysis to its spectator"
wait_in_re nora "White  $white( |$)"
wait_in $w "one spectator watches"
lmove $w W1A1; wait_in nora "1. W1A1"
lmove $b K1D4; wait_in nora "1. W1A1 K1D4"
# The players' chat stays between them.
lkeys $w Tab
lkeys $w -l "secret plans"
lkeys $w Enter
wait_in $b "secret plans"
lmove nora W2A2
wait_in nora "you are watching: only the players move"
lscreen nora | grep -qF "secret plans" && fail "the spectator saw the players' chat"
lmove $w W2A2; wait_in nora "2. W2A2"
lmove $b K2D3; wait_in nora "2. W2A2 K2D3"
lmove $w W3A3; wait_in nora "3. W3A3"
lmove $b K3D2; wait_in nora "3. W3A3 K3D2"
lmove $w W1A4; wait_in nora "$white wins: four in a row on row A"
wait_in nora "< review it   any other key: back to the lobby"
lkeys nora Enter
wait_in nora "Games in progress (0)"
# The players keep the finished match in their archive, as after any game; the spectator does not.
[ -z "$(ls "$WORK/Nora/data/gobblet/games" 2>/dev/null)" ] || fail "the spectator archived the players' game"
for s in liam eamon; do wait_in $s "any other key: back to the lobby"; lkeys $s Enter; done
wait_in liam "your match is over"

# The history: the game, saved as a transcript under the archive's name.
lkeys liam h
wait_in liam "Finished games of Liam (1)"
wait_in_re liam "(Liam|Eamon) won 1-0 against (Eamon|Liam), casual none rogers 4x4"
lkeys liam s
wait_in liam "saved $(echo "$white" | tr A-Z a-z)-white--"
file="$WORK/Liam/data/gobblet/saves/$(echo "$white" | tr A-Z a-z)-white--"
[ "$white" = Liam ] && file="${file}eamon-black.txt" || file="${file}liam-black.txt"
[ -f "$file" ] || fail "the transcript $file"
grep -qx "% white: $white" "$file" || fail "the transcript names White: $(cat "$file")"
grep -q "rogers" "$file" || fail "the transcript's rules: $(cat "$file")"
for m in W1A1 K1D4 W2A2 K2D3 W3A3 K3D2 W1A4; do grep -q "$m" "$file" || fail "the transcript holds $m"; done
"$MAIN" --replay "$file" >"$WORK/replay.txt" 2>&1 || fail "the transcript replays: $(cat "$WORK/replay.txt")"
grep -q "wins" "$WORK/replay.txt" || fail "the replay's result: $(cat "$WORK/replay.txt")"
# The review: on the board, with the engine's marks (Black's K3D2 let White complete row A).
lkeys liam Enter
wait_in liam "reviewing"
wait_in liam "3. W3A3 K3D2??" 30
lkeys liam n
wait_in liam "not in a review from the lobby"
lkeys liam q
wait_in liam "Finished games of Liam"
lkeys liam Escape
wait_in liam "back to the lobby"

# A password, typed twice and never drawn (the other machines kept: lobby_machines.sh forgets them).
lkeys liam P
wait_in liam "New password for Liam"
lkeys liam -l "horse battery"
lscreen liam | grep -qF "horse battery" && fail "the password was drawn"
wait_in liam "(hidden)"
lkeys liam Enter
wait_in liam "The same password again"
lkeys liam -l "horse battery"
lkeys liam Enter
wait_in liam "Forget every other machine of Liam?"
lkeys liam n
wait_in liam "your password is set"
lkeys liam q
wait_in_exit liam >/dev/null
# Another machine (no secret for Liam there): the server asks for the password.
$T kill-session -t liam
mv "$WORK/Liam" "$WORK/Liam-first"
start_lobby liam2 Liam
wait_in liam2 "Password of Liam"
lkeys liam2 -l "wrong horse"
lkeys liam2 Enter
wait_in liam2 "type it again"
lkeys liam2 -l "horse battery"
lkeys liam2 Enter
wait_in liam2 "this machine can log in as Liam now"
wait_in liam2 "logged in as Liam"
ls "$WORK/Liam/state/gobblet/lobby/" | grep -q secret || fail "the second machine keeps a secret"
lkeys liam2 q
wait_in_exit liam2 >/dev/null
# ... and logs in by itself from then on.
start_lobby liam3 Liam
wait_in liam3 "logged in as Liam"
wait_in liam3 "welcome, Liam"
lscreen liam3 | grep -q "Password of" && fail "the second machine asked again"
lkeys liam3 q
