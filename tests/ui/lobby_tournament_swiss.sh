#!/usr/bin/env bash
# A Swiss tournament from the lobby screen, and a player who leaves after the start: Niamh creates a
# two-round Swiss (n), Eamon and Liam enter it, Niamh starts it (S). Round 1: everyone level, so the table
# is in name order: Niamh, the lowest, has the bye, Eamon plays White against Liam. Liam goes back to the
# lobby from his match and leaves the tournament (x, asked first): Eamon wins that match, and round 2
# starts at once, pairing Eamon and Niamh (Liam is no longer paired); White wins it, the table is final
# on every screen with Liam's lost match, and --standings agrees with the lobby: Liam stays in it (he
# played a match), marked as having withdrawn. Timeouts are generous: the machine may be loaded.
source "$(dirname "$0")/lib.bash"
start_server
lobbies Liam Eamon Niamh
wait_in niamh "Tournaments (0): n creates" 50

lkeys niamh n
wait_in niamh "Tournament: " 50
lkeys niamh C-u
lkeys niamh -l "sw swiss-2 4 schedule official 4 none first-to 1 casual"
lkeys niamh Enter
wait_in niamh "#1 sw open 1/4 swiss-2 by Niamh" 50
lkeys niamh Enter
wait_in niamh "sw (#1): swiss-2 by Niamh, open, 1/4 players" 50
for s in eamon liam; do
    for k in Right Right Right; do lkeys $s $k; done
    wait_in $s "the tournaments list" 50
    lkeys $s e
done
wait_in niamh "sw (#1): swiss-2 by Niamh, open, 3/4 players" 50
lkeys niamh S
wait_in eamon "q leave" 100
wait_in liam "q leave" 100
wait_in niamh "you have a bye in round 1: one point" 50
[ "$(white_of eamon)" = Eamon ] || fail "Eamon plays White in round 1, not $(white_of eamon)"
[ "$(white_of liam)" = Eamon ] || fail "Liam's screen names Eamon White, not $(white_of liam)"

# Liam leaves his match's screen (the server keeps the match), then the tournament: asked first.
wait_game liam 50
lkeys liam q
wait_in liam "leave the match against Eamon?" 50
lkeys liam y
wait_in liam "your match against Eamon goes on" 50
lkeys liam x
wait_in liam "sw has started: leaving loses your remaining matches. Leave it?" 50
lkeys liam y
# What the others see: Eamon has won by it, and the next round starts at once without Liam: Eamon and
# Niamh, level on a point each (a win, a bye), meet.
wait_in_re eamon "(White|Black)  Niamh( |$)" 100
wait_in_re niamh "(White|Black)  Eamon( |$)" 100
white=$(white_of niamh)
[ "$white" = "$(white_of eamon)" ] || fail "both screens name the same White ($white)"
case $white in
    Niamh) w=niamh b=eamon loser=Eamon ;;
    Eamon) w=eamon b=niamh loser=Niamh ;;
    *) fail "White is Niamh or Eamon, not '$white'" ;;
esac
lobby_white_wins $w $b $white 50
wait_in $w "$white wins: four in a row on row A" 50
lkeys $w q
lkeys $b q
# The final table: the winner with two points, the loser with one (level with nobody: no head to head),
# Liam last with his one match.
for s in niamh eamon liam; do
    wait_in $s "final: sw (#1): swiss-2 by Niamh, over" 50
    wait_in_re $s "1\. +$white( \(you\))? +2 +0 " 50
    wait_in_re $s "2\. +$loser( \(you\))? +1 +0 " 50
    wait_in_re $s "3\. +Liam( \(you\))? +0 +0 +1 +0 +1 +0" 50
done
"$MAIN" --db "$WORK/server.db" --standings sw >"$WORK/standings.txt" 2>&1 || fail "--standings: $(cat "$WORK/standings.txt")"
grep -q "final: $white wins" "$WORK/standings.txt" || fail "--standings: $(cat "$WORK/standings.txt")"
grep -Eq "^ +3  Liam +0 +0 +1 +0-1-0 .*\(withdrew\)" "$WORK/standings.txt" ||
    fail "--standings has Liam third, withdrawn: $(cat "$WORK/standings.txt")"
