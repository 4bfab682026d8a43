#!/usr/bin/env bash
# A tournament from the lobby: Liam creates a round robin (n, typed like a seek's terms), Niamh enters it
# from the list (e) and leaves it (x), which Liam's live table follows, Eamon selects it and enters it (e), Liam, its organizer, starts it (S), the server's match opens
# on both game screens, they play it to its end, and both lobbies come back showing the tournament's live
# standings: points, rounds, and `final`.
source "$(dirname "$0")/lib.bash"
start_server
lobbies Liam Eamon Niamh
wait_in_re liam "Players \(3\)"
wait_in liam "Tournaments (0): n creates"
# A wrong format is named, and nothing is created.
lkeys liam n
# (the label gives way to what is typed: the whole line is longer than the screen)
wait_in liam "Tournament: Liam-cup round-robin 8 schedule official 4 5m+2s first-to 1 casual"
lkeys liam C-u
lkeys liam -l "club league 4 schedule official 4 none first-to 1 casual"
lkeys liam Enter
wait_in liam "the tournament: "
wait_in liam "round-robin"
lkeys liam n
lkeys liam C-u
lkeys liam -l "club round-robin 4 schedule official 4 none first-to 1 casual"
lkeys liam Enter
wait_in liam "#1 club open 1/4 round-robin by Liam"
wait_in eamon "#1 club open 1/4 round-robin by Liam"
# Liam's selection is on it (n focused the tournaments): Enter shows its table, Liam alone in it.
lkeys liam Enter
wait_in liam "club (#1): round-robin by Liam, open, 1/4 players"
wait_in_re liam "1\. +Liam \(you\) +0 +0"
wait_in liam "S starts it once two players or more have entered"
# Niamh enters from the list and leaves again: Liam's table follows both.
for k in Right Right Right; do lkeys niamh $k; done
wait_in niamh "the tournaments list"
lkeys niamh e
wait_in liam "club (#1): round-robin by Liam, open, 2/4 players"
wait_in_re liam "2\. +Niamh +0 +0"
lkeys niamh x
wait_in liam "club (#1): round-robin by Liam, open, 1/4 players"
for i in $(seq 100); do lscreen liam | grep -qE "^[0-9]\. +Niamh" || break; sleep 0.1; done
lscreen liam | grep -qE "^[0-9]\. +Niamh" && fail "Niamh left: she is no longer in Liam's table"
# Eamon goes to the tournaments (Right three times: games, players, tournaments) and opens its table.
lkeys eamon Right
lkeys eamon Right
lkeys eamon Right
wait_in eamon "the tournaments list"
lkeys eamon Enter
wait_in eamon "club (#1): round-robin by Liam, open, 1/4 players"
wait_in_re eamon "1\. +Liam +0 +0"
wait_in eamon "e enters it"
# Only the organizer starts it.
lkeys eamon S
wait_in eamon "only its organizer (Liam) starts club"
lkeys eamon e
wait_in eamon "you have entered: x leaves"
wait_in_re eamon "Eamon \(you\) +0 +0"
# Liam's table follows live, and S there starts it: the match opens on both screens.
wait_in liam "club (#1): round-robin by Liam, open, 2/4 players"
wait_in_re liam "Eamon +0 +0"
lkeys liam S
wait_in eamon "q leave" 20
wait_in liam "q leave" 20
white=$(white_of liam)
[ "$white" = "$(white_of eamon)" ] || fail "both screens name the same White ($white)"
case $white in
    Liam) w=liam b=eamon loser=Eamon ;;
    Eamon) w=eamon b=liam loser=Liam ;;
    *) fail "White is Liam or Eamon, not '$white'" ;;
esac
lobby_white_wins $w $b $white
wait_in $w "$white wins: four in a row on row A"
wait_in $w "< review it   any other key: back to the lobby"
wait_in $b "< review it   any other key: back to the lobby"
lkeys $w x
lkeys $b Enter
# Back in the lobby: the tournament's table, final, the winner first with a point and a round won.
for s in liam eamon; do
    wait_in $s "final: club (#1): round-robin by Liam, over, 2/4 players"
    wait_in_re $s "1\. +$white( \(you\))? +1 +0 +1 +1 +0 +0 +1 +0"
    wait_in_re $s "2\. +$loser( \(you\))? +0 +0 +1 +0 +1 +0 +0 +1"
done
# Esc goes back to the lists, where the tournament says it is over; Enter shows the table again.
lkeys eamon Escape
wait_in eamon "#1 club over 2/4 round-robin by Liam"
lkeys eamon Enter
wait_in eamon "final: club (#1)"
"$MAIN" --db "$WORK/server.db" --standings club >"$WORK/standings.txt" 2>&1 || true
grep -q "final" "$WORK/standings.txt" || fail "the operator's --standings says final too: $(cat "$WORK/standings.txt")"
