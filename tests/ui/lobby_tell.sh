#!/usr/bin/env bash
# Private messages and observing by name (issue 33, item 22), at 80x24 on the real client: `t` tells the
# player selected something, with the bell on their side and nobody else hearing it; `t` answers whoever
# told you last; `/tell NAME TEXT` in the chat line, and from a game screen over the lobby; a command
# mistyped is said to nobody; a tell to a name not online is refused; `o` watches the game a player plays;
# N refuses a player's tells with their challenges.
source "$(dirname "$0")/lib.bash"
start_server tcp --shared-address 127.0.0.1
export LOBBY_SIZE=80x24
lobbies Liam Eamon Zoe
watch_bells
trap 'stop_server; cleanup' EXIT
expect_no_in() { lscreen "$1" | grep -qF -- "$2" && fail "unexpected on $1's screen: $2"; return 0; }

# Liam goes to the players list (Eamon, its first row, selected) and tells him: Eamon's bell rings.
for i in 1 2 3 4; do lkeys liam Right; sleep 0.3; lscreen liam | grep -q "the players list" && break; done
wait_in liam "the players list"
rung=$(bells_of eamon)
lkeys liam t
wait_in liam "with their bell): Eamon"
lkeys liam -l "good game"
lkeys liam Enter
wait_in liam "you tell Eamon: good game"
wait_in eamon "Liam tells you: good game (t answers)"
wait_bell eamon "$rung"
wait_in eamon "* Liam tells you: good game"
# t answers whoever told you last.
lkeys eamon t
wait_in eamon "with their bell): Liam"
lkeys eamon -l "thanks, you too"
lkeys eamon Enter
wait_in liam "Eamon tells you: thanks, you too"
# The chat line's /tell; a command mistyped goes to nobody and says how to write it.
lkeys zoe Tab
lkeys zoe -l "/tell Liam hi from zoe"
lkeys zoe Enter
wait_in liam "Zoe tells you: hi from zoe"
lkeys zoe Tab
lkeys zoe -l "/tel Liam secret plans"
lkeys zoe Enter
wait_in_text zoe "'/tel' is no command here: /tell NAME TEXT, /observe NAME (nothing was said)"
# A name nobody online has.
lkeys zoe t
lkeys zoe -l "Nobody are you there"
lkeys zoe Enter
wait_in_text zoe "tell refused: Nobody is not in the lobby: a tell reaches a player online"
# Nobody else heard a word of it.
for s in zoe; do
    expect_no_in $s "good game"
    expect_no_in $s "thanks, you too"
done
expect_no_in eamon "hi from zoe"
expect_no_in liam "secret plans"
expect_no_in eamon "secret plans"

# Liam and Zoe play; Eamon observes Liam by name, and watches their game.
lkeys liam p
lkeys liam C-u
lkeys liam -l "official 4 5m+2s first-to 1 casual"
lkeys liam Enter
wait_in zoe "#1 Liam"
lkeys zoe a
wait_in liam "q leave"
wait_in zoe "q leave"
lkeys eamon o
wait_in eamon "Observe"
lkeys eamon -l "Liam"
lkeys eamon Enter
wait_in eamon "watching"
wait_in liam "watched by Eamon"
# From the game screen Liam tells his spectator something (Tab, /tell), and Eamon's screen says it with
# the bell (tells ring it at most once every 5 s: the last one rang more than 6 s ago); Zoe, his
# opponent, hears nothing of it.
sleep 6
rung=$(bells_of eamon)
lkeys liam Tab
wait_in liam "Say"
lkeys liam -l "/tell Eamon thanks for watching"
lkeys liam Enter
wait_in liam "you tell Eamon: thanks for watching"
wait_in_text eamon "Liam tells you: thanks for watching"
wait_bell eamon "$rung"
expect_no_in zoe "thanks for watching"
# Eamon, back in the lobby, refuses Liam (N on him in the players list): his tells are refused too.
lkeys eamon q
wait_in eamon "q quit"
for i in 1 2 3 4; do lkeys eamon Right; sleep 0.3; lscreen eamon | grep -q "the players list" && break; done
wait_in eamon "the players list"
lkeys eamon Down
lkeys eamon N
wait_in eamon "Liam's challenges and tells to you are refused now"
lkeys liam Tab
lkeys liam -l "/tell Eamon still there?"
lkeys liam Enter
wait_in_text liam "Eamon does not take tells from you"
expect_no_in eamon "still there?"
