#!/usr/bin/env bash
# A knockout from the lobby screen, and the organizer's choice of who starts: Liam creates a knockout (n),
# Niamh and Eamon enter it (e) in that order, and the seeds are Eamon, Liam, Niamh (equal ratings: by
# name, never by the order they joined, nor by their accounts' ages, which race as the three lobbies
# connect at once). Liam, its organizer, chooses with f that Niamh starts her match against him (the
# schedule would give White to Liam, the better seed); Eamon may not choose (only the organizer). S
# starts it: Eamon, the best seed, has the bye, and Niamh plays White against Liam; she wins, and meets
# Eamon in the final (Eamon White by the seeds), which Eamon wins. Both lobbies show the final standings
# with their head-to-head column. Timeouts are generous: the machine may be loaded.
source "$(dirname "$0")/lib.bash"
start_server
lobbies Liam Eamon Niamh
wait_in liam "Tournaments (0): n creates" 50

# A winner's next match may open over the finished board at once: the tests wait for the loser's
# screen, and leave a match that is over with q, which every end question takes.

lkeys liam n
wait_in liam "Tournament: " 50
lkeys liam C-u
lkeys liam -l "ko knockout 4 schedule official 4 none first-to 1 casual"
lkeys liam Enter
wait_in liam "#1 ko open 1/4 knockout by Liam" 50
lkeys liam Enter
wait_in liam "ko (#1): knockout by Liam, open, 1/4 players" 50
wait_in liam "f chooses who starts a match" 50
for s in eamon niamh; do
    for k in Right Right Right; do lkeys $s $k; done
    wait_in $s "the tournaments list" 50
done
lkeys niamh e
wait_in liam "ko (#1): knockout by Liam, open, 2/4 players" 50
lkeys eamon e
wait_in liam "ko (#1): knockout by Liam, open, 3/4 players" 50
wait_in_re liam "3\. +Niamh +0 +0 +0" 50

# Only the organizer chooses who starts; two names are needed.
lkeys eamon f
wait_in eamon "only its organizer (Liam) chooses who starts in ko" 50
lkeys liam f
wait_in liam "Who starts in ko (NAME OPPONENT" 50
lkeys liam -l "Niamh"
lkeys liam Enter
wait_in liam "who starts: type two names, the starter and the opponent (Eamon Liam)" 50
lkeys liam f
wait_in liam "Who starts in ko (NAME OPPONENT" 50
lkeys liam -l "Niamh Zed"
lkeys liam Enter
wait_in liam "Zed is not a player of tournament ko" 50
lkeys liam f
wait_in liam "Who starts in ko (NAME OPPONENT" 50
lkeys liam -l "Niamh Liam"
lkeys liam Enter
# Liam is a player of that match too: his screen says it as the players hear it, after the ok.
wait_in liam "tournament ko: Niamh plays White in round 1 of the match against Liam (the organizer's choice)" 50
wait_in niamh "tournament ko: Niamh plays White in round 1 of the match against Liam" 50

# The start: Eamon's bye, Niamh White against Liam as chosen.
lkeys liam S
wait_in liam "q leave" 100
wait_in niamh "q leave" 100
wait_in eamon "you have a bye in round 1: you go through" 50
[ "$(white_of niamh)" = Niamh ] || fail "Niamh plays White as the organizer chose, not $(white_of niamh)"
[ "$(white_of liam)" = Niamh ] || fail "Liam's screen names Niamh White, not $(white_of liam)"
lobby_white_wins niamh liam Niamh 50
lkeys liam q
# Liam is out: back in his lobby, the table has his lost match.
wait_in_re liam "Liam \(you\) +0 +0 +1 +0 +1 +0 +0 +1" 50

# The final, at once: Eamon (the best seed: White by the schedule) against Niamh.
wait_in_re eamon "Black  Niamh( |$)" 100
wait_in_re niamh "White  Eamon( |$)" 100
lobby_white_wins eamon niamh Eamon 50
wait_in eamon "Eamon wins: four in a row on row A" 50
lkeys eamon q
lkeys niamh q
for s in eamon niamh; do
    wait_in $s "final: ko (#1): knockout by Liam, over, 3/4 players" 50
    wait_in_re $s "1\. +Eamon( \(you\))? +2 +0 +1 +1 +0 +0 +1 +0" 50
    wait_in_re $s "2\. +Niamh( \(you\))? +1 +0 +2 +1 +1 +0 +1 +1" 50
    wait_in_re $s "3\. +Liam +0 +0 +1 +0 +1 +0 +0 +1" 50
done
"$MAIN" --db "$WORK/server.db" --standings ko >"$WORK/standings.txt" 2>&1 || fail "--standings: $(cat "$WORK/standings.txt")"
grep -q "final: Eamon wins" "$WORK/standings.txt" || fail "--standings: $(cat "$WORK/standings.txt")"
