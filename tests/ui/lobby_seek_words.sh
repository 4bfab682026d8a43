#!/usr/bin/env bash
# Seeks in a player's own words (issue 33, item 20), at 80x24 on the real client: `p` offers the last
# terms selected, `3+2 rated` replaces them and keeps what it does not say, `dm` next, the terms kept in
# the settings file for the next run; a challenge as a name and what differs; the seek filter by
# lichess's speeds, offered selected so that `/` never appends to the old filter; Backspace empties it.
source "$(dirname "$0")/lib.bash"
start_server tcp --shared-address 127.0.0.1
export LOBBY_SIZE=80x24
lobbies Liam Eamon
trap 'stop_server; cleanup' EXIT

# p offers the last terms, selected: typing replaces them (the footer says so).
lkeys liam p
wait_in liam "Seek: official 4 5m+2s first-to 1 casual"
wait_in liam "typing replaces the text shown"
lkeys liam -l "3+2 rated"
wait_in liam "Seek: 3+2 rated"
lkeys liam Enter
wait_in_text liam "seek posted: official rules, 4x4, a single game, 3m + 2s a move, rated"
wait_in eamon "#1 Liam 1500? rated 3m+2s official 4x4"
# The next seek starts from those terms: dm alone changes the clock, rated stays.
lkeys liam p
wait_in liam "Seek: official 4 3m+2s first-to 1 rated"
lkeys liam -l "dm"
lkeys liam Enter
wait_in_text liam "seek posted: official rules, 4x4, a single game, 2m a turn, 5m reserve in 30s chunks, rated"
wait_in eamon "#2 Liam 1500? rated dm official 4x4"
grep -qx "seek = official 4 dm first-to 1 rated" "$WORK/Liam/config/gobblet/settings" ||
    fail "the settings file keeps the last terms: $(cat "$WORK/Liam/config/gobblet/settings" 2>&1)"
# A word the seek does not know is refused with what it expected; nothing is posted.
lkeys liam p
lkeys liam -l "blitz"
lkeys liam Enter
wait_in_text liam "'blitz' is a speed, not a clock: say the clock, as 3+2"

# The filter by speed: 3+2 is blitz, dm classical.
lkeys eamon /
wait_in eamon "Show seeks"
lkeys eamon -l "blitz"
lkeys eamon Enter
wait_in eamon "only seeks that fit are shown: blitz"
wait_in eamon "Seeks (1, 1 hidden"
# / again offers "blitz" selected: what is typed replaces it, never adds to it.
lkeys eamon /
wait_in eamon "Show seeks"
wait_in eamon ": blitz"
wait_in eamon "typing replaces the text shown"
lkeys eamon -l "classical"
lkeys eamon Enter
wait_in eamon "only seeks that fit are shown: classical"
wait_in eamon "#2 Liam 1500? rated dm"
lscreen eamon | grep -qF "#1 Liam" && fail "the blitz seek is hidden by the classical filter"
# Backspace on the offered filter empties it: every seek again.
lkeys eamon /
wait_in eamon ": classical"
lkeys eamon BSpace
lkeys eamon Enter
wait_in eamon "every seek for you is shown"
wait_in eamon "#1 Liam 1500? rated 3m+2s"

# A challenge: the name and what differs from the last terms.
lkeys liam Escape
lkeys liam c
wait_in liam "Challenge (NAME, then what differs from official 4 dm first-to 1 rated)"
lkeys liam -l "Eamon 10+5 casual"
lkeys liam Enter
wait_in_text liam "challenge sent to Eamon: official rules, 4x4, a single game, 10m + 5s a move, casual"
# (said once, on the challenge's line beside the lists, with the keys first and the terms after)
wait_in_text eamon "Liam (1500?) challenges you: a accepts, x declines, N refuses Liam; casual 10m+5s official 4x4"
