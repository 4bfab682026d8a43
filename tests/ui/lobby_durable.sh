# A server's games and lobby keep what was said and what was played (issue 26): the lobby's chat log
# (M), a server game's chat line that arrives with a move stays in sight and its log (M) has it, the
# result is said once (the status line, not again on the message line), a finished timed match from the
# history is reviewed over both rounds without asking the clock, and the history's saved transcript
# opens with every reader (lib.bash's every_reader). The server gives the loser's choice of who starts
# 10 minutes (--starter-choice): the test reads both screens at the round's end before the loser chooses,
# which on a loaded machine may take longer than the default 30 s, after which the rule would start the
# loser (tests/test_server_choice.cpp tests the limit on a fake clock).
source "$(dirname "$0")/lib.bash"
start_server tcp --starter-choice 600
lobbies Liam Eamon
lkeys liam Tab; lkeys liam -l "hello all"; lkeys liam Enter
wait_in eamon "Liam: hello all"
lkeys eamon M
wait_in eamon "The lobby's chat: the last"
lscreen eamon | grep -qxF "Liam: hello all" || fail "the lobby's chat log"
lkeys eamon Escape
wait_in eamon "Chat (Tab to say something)"

seek_match "official 4 5m+2s first-to 2 casual"
wait_game $w
# White says something and moves at once: Black sees both, and the log has the line.
lkeys $w Tab; lkeys $w -l "good luck"; lkeys $w Enter; lkeys $w -l W1A1; lkeys $w Enter
wait_in $b "played W1A1"
wait_in $b ": good luck"
lkeys $b M
wait_in $b "Chat: the last 1 lines said in this game"
lkeys $b Escape
lmove $b K1D4; wait_in $w "1. W1A1 K1D4"
lmove $w W2A2; wait_in $b "2. W2A2"
lmove $b K2D3; wait_in $w "2. W2A2 K2D3"
lmove $w W3A3; wait_in $b "3. W3A3"
lmove $b K3D2; wait_in $w "3. W3A3 K3D2"
lmove $w W1A4
white=$(white_of $w)
for s in $w $b; do
    wait_in $s "$white wins the round: four in a row on row A"
    [ "$(lscreen $s | grep -cF "$white wins the round: four in a row on row A")" = 1 ] ||
        fail "$s says the result twice"
done
# Round 2: the loser lets the winner start again, who wins again: the match is over.
lkeys $b o
wait_in_re $w "round 2 +$white 1"  # the title (the question's "who starts round 2" came before)
lmove $w W1A1; wait_in $b "1. W1A1"
lmove $b K1D4; wait_in $w "1. W1A1 K1D4"
lmove $w W2A2; wait_in $b "2. W2A2"
lmove $b K2D3; wait_in $w "2. W2A2 K2D3"
lmove $w W3A3; wait_in $b "3. W3A3"
lmove $b K3D2; wait_in $w "3. W3A3 K3D2"
lmove $w W1A4
for s in liam eamon; do
    wait_in $s "any other key: back to the lobby"
    [ "$(lscreen $s | grep -cF "wins the match 2-0")" = 1 ] || fail "$s says the match's result twice"
    lkeys $s Enter
done

# The history: the timed match reviewed over both rounds, then saved and read every way.
lkeys liam h
wait_in liam "Finished games of Liam (1)"
lkeys liam Enter
wait_in liam "reviewing"
lkeys liam '<'; wait_in liam "at round 2, Black's move 3 of 4"
lkeys liam Home; wait_in liam "at round 2, the start of 4 moves"
lkeys liam '<'; wait_in liam "at round 1, White's move 4 of 4"
lscreen liam | grep -qF "takebacks are off" && fail "the review asked the clock"
lkeys liam q
wait_in liam "Finished games of Liam"
lkeys liam s
wait_in liam "-black.txt ("
file=$(ls "$WORK/Liam/data/gobblet/saves/"*-white--*-black.txt)
grep -c '^% round ' "$file" | grep -qx 2 || fail "the saved transcript has both rounds: $(cat "$file")"
every_reader "$file"
exit 0
