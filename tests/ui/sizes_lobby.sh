#!/usr/bin/env bash
# Every sentence of the lobby fits or wraps at 80x24 (issue 33, item 17): the lists with a seek, a game,
# the players and a tournament, the details line, the chat, the help's every page, the pages (a profile,
# the leaderboard, a history, the machines, a tournament's standings), a long line typed, the questions,
# a match against a bot (the panel's "(remote computer)" was cut) and a game watched. put_text marks
# every text it cuts short with "…" (no_cut); the rows and lines the issue found cut are checked whole
# besides.
source "$(dirname "$0")/lib.bash"
start_server unix --shared-address "unix:uid=$(id -u)"
"$MAIN" --bot "$SERVER" --name MaxBot --level easy --think 0.1 --seek none 2>"$WORK/bot.log" &
BOT=$!
trap 'kill $BOT 2>/dev/null; stop_server; cleanup' EXIT
# to_list SESSION LIST: Right until LIST (seeks, games, players, tournaments) has the focus.
to_list() {
    local i
    for i in 1 2 3 4; do
        lkeys "$1" Right
        sleep 0.3
        lscreen "$1" | grep -qF "the $2 list: " && return 0
    done
    wait_in "$1" "the $2 list: "
}
export LOBBY_SIZE=80x24
lobbies Liam Eamon
wait_in liam "#1 MaxBot (bot)"
no_cut "the lists" liam

# A seek: its row says the terms whole, briefly (it was cut at "official 4x4 first"); the details line
# says everything, wrapped.
lkeys liam p
wait_in liam "Seek:"
lkeys liam C-u
lkeys liam -l "official 4 5m+2s first-to 3 rated bots 1400-1800"
wait_in liam "first-to 3 rated bots 1400-1800"
lkeys liam Enter
wait_in eamon "#2 Liam 1500? rated 5m+2s off4 first to 3"
lkeys eamon Down
wait_in_text eamon "computers welcome, ratings 1400-1800. Enter accepts"
no_cut "a seek selected" eamon

# A tournament: its row and its details whole (the details' third line was dropped).
lkeys eamon n
wait_in eamon "Tournament:"
lkeys eamon C-u
lkeys eamon -l "autumn-cup round-robin 16 schedule official 4 dm first-to 2 rated"
wait_in eamon "first-to 2 rated"
lkeys eamon Enter
wait_in liam "#1 autumn-cup open 1/16"
to_list liam tournaments
wait_in_text liam "rated. Enter shows its entrants, e enters it"
no_cut "a tournament selected" liam
lkeys liam Enter
wait_in liam "autumn-cup (#1): round-robin by Eamon, open, 1/16 players"
no_cut "a tournament's standings" liam
lkeys liam Escape
wait_in liam "back to the lobby"

# A chat line longer than the screen: wrapped whole.
lkeys liam Tab
wait_in liam "Say to the lobby (/tell NAME TEXT: to one player):"
lkeys liam -l "hello everyone, this line is longer than the screen is wide, and every word of it shows"
wait_in liam "every word of it shows"
lkeys liam Enter
wait_in_text eamon "Liam: hello everyone, this line is longer than the screen is wide, and every word of it shows"
no_cut "a long chat line" eamon

# A line typed longer than the screen: its end shows, after a mark.
lkeys eamon Tab
wait_in eamon "Say to the lobby (/tell NAME TEXT: to one player):"
lkeys eamon -l "$(printf 'x%.0s' $(seq 100))END"
wait_in_re eamon "^Say to the lobby: <x+END"
no_cut "a long line typed" eamon
lkeys eamon Escape
wait_in eamon "cancelled"

# Every page of the help.
lkeys eamon '?'
wait_in eamon "gobblet help: the lobby"
for i in $(seq 8); do
    no_cut "the lobby's help, page $i" eamon
    lkeys eamon NPage
    sleep 0.2
done
lkeys eamon Escape
wait_in eamon "Chat (Tab"

# The pages: a profile, the leaderboard, a history, the machines.
lkeys eamon i
wait_in eamon "Profile of Eamon"
no_cut "a profile" eamon
lkeys eamon Escape
wait_in eamon "Seeks ("
lkeys eamon b
wait_in eamon "Leaderboard:"
no_cut "the leaderboard" eamon
lkeys eamon Escape
wait_in eamon "Seeks ("
lkeys eamon h
wait_in eamon "Finished games of Eamon (0)"
no_cut "a history" eamon
lkeys eamon Escape
wait_in eamon "Seeks ("
lkeys eamon K
wait_in eamon "Machines that log in as Eamon"
no_cut "the machines" eamon
lkeys eamon Escape
wait_in eamon "back to the lobby"

# A match against the bot: the panel says what the seat is, whole (it was cut at "(remote comp").
to_list liam seeks
lkeys liam Up
wait_in liam "the top of the seeks (2)"
lkeys liam a
wait_in liam "q leave"
wait_in_re liam "(White|Black)  MaxBot \(remote( computer)?\)( |$)"
no_cut "a match against a bot" liam
first_against_computer liam Liam
no_cut "a match against a bot, played" liam
# Watched from the lobby.
to_list eamon games
lkeys eamon Enter
wait_in eamon "watching"
wait_in eamon "q leave"
no_cut "a game watched" eamon
lkeys eamon q
wait_in eamon "you stopped watching"
# Leaving the match asks; the lobby's row of it is whole.
lkeys liam q
wait_in liam "leave the match against MaxBot?"
no_cut "the question on leaving a match" liam
lkeys liam y
wait_in liam "YOUR MATCH"
no_cut "the lobby with a match of ours" liam
lkeys liam q
wait_in liam "quit anyway?"
no_cut "the question on quitting the lobby" liam
lkeys liam n
wait_in liam "staying"
