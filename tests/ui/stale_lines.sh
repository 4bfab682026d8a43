#!/usr/bin/env bash
# Lines that were stale or wrong (issue 33, item 10), each on the screen where it showed: a pause without
# clocks said the clocks stopped; a spectator back in the lobby still read "watching ..."; a player back
# at a game in progress read "the game starts", and the opponent of one who went back to the lobby read
# that their connection dropped; an aborted match's status line said who was to move; "fetching ... for
# review" stayed after the review. (The server's words in place of "the host's" are tested with the
# session: tests/test_session_served.cpp.)
source "$(dirname "$0")/lib.bash"

# Two computers without a clock: p stops them, and says so, not the clocks.
start --white computer --black computer --level easy
keys p
wait_for "paused: the computers wait; p resumes"
expect_no "clocks are stopped"
stop_game

# (The three lobbies are this machine's: the server is told 127.0.0.1 is many players, so that Zoe may
# watch a game of players from "her" address.)
start_server tcp --shared-address 127.0.0.1
export LOBBY_SIZE=120x32
lobbies Liam Eamon Zoe
seek_match "official 4 none first-to 1 casual"
white=$(white_of $w)
black=Liam; [ "$white" = Liam ] && black=Eamon
# Until White's first move the status line counts down to the server's abort (issue 33, item 24).
wait_in_re $w "aborted in [0-9]+ s unless White moves"

# Zoe watches, then goes back: the lobby's line says so, never "watching" any more.
wait_in zoe "Games in progress (1)"
lkeys zoe Right
wait_in zoe "the games list"
lkeys zoe w
wait_in zoe "q leave"
wait_in $w "watched by Zoe"
lkeys zoe q
wait_in zoe "you stopped watching"
lscreen zoe | grep -qE "^ *watching $white|  watching (Liam|Eamon) - " && fail "Zoe, back in the lobby, is still 'watching'"

# White moves, goes back to the lobby and returns: Black reads that White is away (not that a connection
# dropped), and White reads that the game goes on (not that it starts).
lmove $w W1A1
wait_in $b "1. W1A1"
lkeys $w q
wait_in $w "leave the match against $black?"
lkeys $w y
wait_in $w "goes on: Enter on it (games) takes you back"
wait_in $b "$white is away from the board"
lscreen $b | grep -qF "connection dropped" && fail "a player who went back to the lobby 'dropped' their connection"
lkeys $w Right
wait_in $w "the games list"
lkeys $w Enter
wait_in $w "q leave"
wait_in $w "the game goes on"
lscreen $w | grep -qF "the game starts" && fail "a game taken up again 'starts'"

# Black aborts (one move only): the status line says so, not whose turn it was.
wait_in $b "$white is back"
lkeys $b E
wait_in $w "aborted the match before it began"
wait_in $b "aborted the match before it began"
for s in $w $b; do
    lscreen $s | grep -qF "to move" && fail "an aborted match's status line says who is to move ($s)"
done
lkeys $w Enter
lkeys $b Enter
wait_in liam "Games in progress (0)"

# The history's review: once back, the line says the review is closed, not that it is being fetched.
lkeys liam h
wait_in liam "Finished games of Liam (1)"
lkeys liam Enter
wait_in liam "q leave"
lkeys liam q
wait_in liam "is closed"
lscreen liam | grep -qF "for review..." && fail "'fetching ... for review' stayed after the review"
exit 0
