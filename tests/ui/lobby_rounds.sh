#!/usr/bin/env bash
# A tournament's next round does not replace the last result (80x24): a round robin of three, whose
# first match ends while its result is on the screen; the player of the next round sees the next match
# announced there with its opponent and a countdown, any key opens it, and its title says the round and
# that the clocks wait for White's first move (counted from the announcement). The player who sat out
# hears the bell and gets the board.
source "$(dirname "$0")/lib.bash"
start_server
export LOBBY_SIZE=80x24
lobbies Liam Eamon Niamh
watch_bells
lkeys liam n
lkeys liam C-u
lkeys liam -l "cup round-robin 3 schedule official 4 5m+0s first-to 1 casual"
lkeys liam Enter
wait_in eamon "#1 cup open 1/3"
for s in eamon niamh; do
    for k in Right Right Right; do lkeys $s $k; done
    wait_in $s "the tournaments list"
    lkeys $s e
done
wait_in liam "#1 cup open 3/3"
lkeys liam Enter
wait_in liam "cup (#1): round-robin by Liam, open, 3/3 players"
lkeys liam S
# Round 1: two of them play, the third sits out.
players=()
for i in $(seq 100); do
    players=()
    for s in liam eamon niamh; do lscreen $s | grep -qF "q leave" && players+=($s); done
    [ ${#players[@]} -eq 2 ] && break
    sleep 0.1
done
[ ${#players[@]} -eq 2 ] || fail "two players at the boards of round 1: ${players[*]}"
a=${players[0]} b=${players[1]}
for s in liam eamon niamh; do [ "$s" != "$a" ] && [ "$s" != "$b" ] && rest=$s; done
wait_in_re $a "  cup round 1: clocks in [0-9]+ s, or at White's move"
white=$(white_of $a)
[ "$white" = "$(white_of $b)" ] || fail "both boards name the same White"
if [ "${white,,}" = "$a" ]; then w=$a bl=$b; else w=$b bl=$a; fi
lobby_white_wins $w $bl "$white"
# The result stays; on the screen of whoever plays round 2, the next match is announced with a countdown
# that runs.
next=
for i in $(seq 100); do
    for s in $a $b; do lscreen $s | tr '\n' ' ' | grep -qF "Next: round 2 against" && next=$s; done
    [ -n "$next" ] && break
    sleep 0.1
done
[ -n "$next" ] || { lobby_evidence; fail "round 2 announced on a result"; }
joined=$(lscreen $next | tr '\n' ' ' | tr -s ' ')
grep -qE "wins: four in a row on row A.*Next: round 2 against [A-Za-z]+ \(you play (White|Black)\).*press any key: the next match \(it opens by itself in [0-9]+ s\)" <<<"$joined" ||
    fail "the result, then the next match with its countdown: $joined"
# The countdown runs (it stood at "in 10 s"): two seconds on, it says less.
count() { lscreen $next | tr '\n' ' ' | tr -s ' ' | grep -oE "opens by itself in [0-9]+ s" | grep -oE "[0-9]+"; }
first=$(count)
sleep 2.5
then=$(count)
[ -n "$first" ] && [ -n "$then" ] && [ "$then" -lt "$first" ] || fail "the countdown runs: in $first s, then in $then s"
# The one who sat out round 1 gets the board at once, with the bell.
wait_bell $rest
wait_in $rest "cup round 2"
# Any key opens the next match now: its title says the round and when the clocks start, counted from
# the announcement as the server counts (3 s and more after it, as on the other board: not 20 s again).
wait_in_re $rest "cup round 2: clocks in 1[0-7] s, or at White's move"
lkeys $next x
wait_in_re $next "  cup round 2: clocks in [0-9]+ s, or at White's move"
left=$(lscreen $next | grep -oE "clocks in [0-9]+ s" | head -1 | tr -dc 0-9)
[ "$left" -le 17 ] || fail "the next match's clocks count from its announcement: in $left s on $next's board"
wait_in $next "q leave"
