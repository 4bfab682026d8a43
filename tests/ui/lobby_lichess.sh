#!/usr/bin/env bash
# What a lichess or FICS player looks for, at 80x24 on the real client: a bot beside two people leaves
# their seeks alone; the seek row says rated or casual and its clock, the details line the rest; the line
# being typed always shows its end; the seek filter; a seek taken rings the bell; the match's title with
# both ratings; abort before each side has moved; a rematch with the colours swapped, offered and accepted
# with one key each; spectators talking among themselves; the players list saying who plays whom; the
# result with both ratings' changes; the review's clock readings move by move; a challenge said on the
# review over the lobby (with the bell) and asked when the lobby is back; a profile with its rating chart
# and the leaderboard with the provisional players marked; a
# challenge that waits beside the lists (never a question that takes the keys: typing goes on), answered
# from another list with a/x, its bell, the challenger told it was declined, a challenger refused with N,
# and the bell turned off.
source "$(dirname "$0")/lib.bash"
# (The players connect from 127.0.0.1: an address the server is told many players share, where a match
# may be rated.)
start_server tcp --shared-address 127.0.0.1
export LOBBY_SIZE=80x24
lobbies Liam Eamon Zoe
watch_bells
"$MAIN" --bot "$SERVER" --name MaxBot --level easy --think 0.1 2>"$WORK/bot.log" &
BOT=$!
trap 'kill $BOT 2>/dev/null; stop_server; cleanup' EXIT
wait_in liam "MaxBot (bot)"

# A rated seek for ratings 1400-1800: the label of the line gives way so that what is typed shows.
lkeys liam p
lkeys liam C-u
lkeys liam -l "official 4 5m+2s first-to 1 rated 1400-1800"
wait_in liam "Seek: official 4 5m+2s first-to 1 rated 1400-1800"
lkeys liam Enter
wait_in_text liam "seek posted: official rules, 4x4"
# At 80 columns the row says who, rated, the clock and the board; the details line says it all.
wait_in eamon "#1 Liam 1500? rated 5m+2s official 4x4"
wait_in_text eamon "5m + 2s a move, rated; for people only, ratings 1400-1800. Enter accepts"
# The bot leaves a seek for people alone.
for i in $(seq 100); do grep -q "leaves the seek of Liam alone: that seek is for people" "$WORK/bot.log" && break; sleep 0.1; done
grep -q "leaves the seek of Liam alone" "$WORK/bot.log" || fail "the bot did not pass over Liam's seek: $(cat "$WORK/bot.log")"
# The filter: casual only hides it, and says so; empty shows every seek again.
lkeys eamon /
wait_in eamon "Show seeks (rated|casual"
lkeys eamon -l casual
lkeys eamon Enter
wait_in eamon "Seeks (0, 1 hidden: / filters)"
wait_in eamon "only seeks that fit are shown: casual"
lkeys eamon /
lkeys eamon C-u
lkeys eamon Enter
wait_in eamon "every seek for you is shown"
wait_in eamon "#1 Liam 1500? rated 5m+2s"

# Eamon takes it: Liam's seek taken rings his bell; the boards say who plays whom with both ratings.
lkeys eamon a
wait_bell liam
for s in liam eamon; do
    wait_in $s "q leave"
    wait_in $s "1500? vs "
    wait_in $s ", rated 5m+2s"
    wait_in $s "E abort"
done
case $(white_of liam) in
    Liam) w=liam b=eamon white=Liam black=Eamon ;;
    *) w=eamon b=liam white=Eamon black=Liam ;;
esac
# Zoe sees who plays whom in the players list, watches, and talks to the spectators only.
wait_in zoe "vs $black"
lkeys zoe Right
wait_in zoe "the games list"
lkeys zoe w
wait_in zoe "watching"
wait_in $w "watched by Zoe"
lkeys zoe Tab
wait_in zoe "Say to the other spectators"
lkeys zoe -l "a quiet start"
lkeys zoe Enter
wait_in zoe "Zoe (watching): a quiet start"
expect_no_in() { lscreen "$1" | grep -qF -- "$2" && fail "unexpected on $1's screen: $2"; return 0; }
expect_no_in $w "a quiet start"
expect_no_in $b "a quiet start"

# Black aborts before each side has moved: no result, no rating; r there offers a rematch.
lkeys $b E
wait_in $w "aborted the match before it began"
wait_in $b "r rematch"
lkeys zoe q
wait_in zoe "q quit"
lkeys $w r
wait_in_text $b "offers a rematch, colours swapped (you play White): r accepts"
lkeys $b r
# The rematch: the colours swapped.
for i in $(seq 100); do [ "$(white_of liam)" = "$black" ] && break; sleep 0.1; done
[ "$(white_of liam)" = "$black" ] || fail "the rematch swapped the colours: White is $(white_of liam)"
[ "$(white_of eamon)" = "$black" ] || fail "both screens name the same White"
lobby_white_wins $b $w $black
# The result stays with both ratings' changes, until a key.
wait_in_text $w "$black 1662 (+162), $white 1338 (-162)"
wait_in_text $b "$black 1662 (+162), $white 1338 (-162)"
lkeys $w Enter
lkeys $b Enter
wait_in liam "* your match: $black wins"
wait_in eamon "q quit"

# The review of that game shows each side's clock after the move shown (the record's %clk).
lkeys liam h
wait_in liam "Finished games of Liam (2)"
lkeys liam Enter
wait_in_re liam "clocks after White's move 4: $black [0-9]:[0-9]{2}, $white [0-9]:[0-9]{2}"
# The panel shows the same clocks as the title, at each move shown (issue 33, item 7).
lkeys liam '<'
lkeys liam '<'
wait_in_re liam "clocks after White's move 3: $black [0-9]:[0-9]{2}, $white [0-9]:[0-9]{2}"
faces=$(lscreen liam | grep -oE "clocks after White's move 3: $black [0-9]:[0-9]{2}, $white [0-9]:[0-9]{2}")
wface=$(sed -E "s/.*: $black ([0-9]:[0-9]{2}), .*/\1/" <<<"$faces")
bface=$(sed -E "s/.*, $white ([0-9]:[0-9]{2})$/\1/" <<<"$faces")
shown=$(lscreen liam | grep -oE "time [0-9]:[0-9]{2}" | sort -u | tr '\n' ' ')
[ "$shown" = "$(printf 'time %s\ntime %s\n' "$wface" "$bface" | sort -u | tr '\n' ' ')" ] ||
    fail "the panel shows the title's clocks ($faces), not: $shown"
lkeys liam Home
wait_in liam "clocks at the start: $black 5:00, $white 5:00"
# A challenge while a screen is over the lobby: said there, with the bell, and waiting beside the lists
# back in the lobby.
rung=$(bells_of liam)
lkeys eamon c
lkeys eamon C-u
lkeys eamon -l "Liam official 4 none first-to 1 casual"
lkeys eamon Enter
wait_bell liam "$rung"
wait_in_text liam "challenges you: official rules, 4x4, a single game, no clock, casual; q back to the lobby answers it"
lkeys liam q
wait_in liam "Finished games of Liam (2)"
wait_in liam "a accepts, x declines, N refuses Eamon"
# It takes no key: Enter still reviews the game selected, and the challenge still waits when the review
# closes.
lkeys liam Enter
wait_in_re liam "clocks after White's move 4: $black [0-9]:[0-9]{2}, $white [0-9]:[0-9]{2}"
lkeys liam q
wait_in liam "Finished games of Liam (2)"
wait_in liam "a accepts, x declines, N refuses Eamon"
lkeys liam Escape

# A profile (i) with the rating over time drawn under the ratings (issue 33, item 25), and the
# leaderboard (b), where the two provisional players show, marked, instead of "(nobody yet)".
lkeys liam i
wait_in liam "Profile of Liam"
wait_in liam "official 4x4: 1"
wait_in_text liam "Liam, a person; registered"
wait_in liam "official 4x4 rating after the last rated game"
if [ "$black" = Liam ]; then mine=1662; else mine=1338; fi
wait_in_re liam "^ *$mine \|  *\*$"
lkeys liam Escape
lkeys liam b
wait_in liam "Leaderboard: settled ratings first, then provisional ones (1500?)"
wait_in_re liam "^1\. $black\*? +1662\?( |$)"
wait_in_re liam "^2\. $white\*? +1338\?( |$)"
lkeys liam Escape
wait_in liam "back to the lobby"

# Liam declines the waiting challenge from the players list with x.
for i in 1 2 3 4; do lkeys liam Right; sleep 0.3; lscreen liam | grep -q "the players list" && break; done
wait_in liam "the players list"
lkeys liam x
wait_in liam "declined"
# Eamon is told, and the server's log says it (issue 33, item 5).
wait_in eamon "Liam declined your challenge"
grep -q "lobby: Liam declines Eamon's challenge" "$WORK/server.log" || fail "the log says who declined"
# A challenge to Liam while he types a chat line: his bell rings, the challenge waits beside the lists,
# and what he types goes on into the line, which he sends.
rung=$(bells_of liam)
lkeys liam Tab
lkeys liam -l "anyone for a "
lkeys eamon c
lkeys eamon C-u
lkeys eamon -l "Liam official 4 none first-to 1 casual"
lkeys eamon Enter
wait_bell liam "$rung"
wait_in liam "a accepts, x declines, N refuses Eamon"
lkeys liam -l "game?"
lkeys liam Enter
wait_in zoe "Liam: anyone for a game?"
# N refuses Eamon's challenges: the waiting one goes, and the next is refused at the server.
lkeys liam N
wait_in liam "Eamon's challenges and tells to you are refused now"
lkeys eamon c
lkeys eamon C-u
lkeys eamon -l "Liam official 4 none first-to 1 casual"
lkeys eamon Enter
wait_in eamon "challenge refused: Liam does not take challenges from you"
# N again, Eamon selected in the players list (its first row), takes them again.
for i in 1 2 3 4; do lkeys liam Up; done
lkeys liam N
wait_in liam "Eamon's challenges and tells reach you again"
# The tournaments list focused (where x leaves a tournament), a challenge (Zoe's: Eamon has asked Liam
# three times, the most at once) waits and x declines it from the next list.
for i in 1 2 3 4; do lkeys liam Right; sleep 0.3; lscreen liam | grep -q "the tournaments list" && break; done
wait_in liam "the tournaments list"
rung=$(bells_of liam)
lkeys zoe c
lkeys zoe C-u
lkeys zoe -l "Liam official 4 none first-to 1 casual"
lkeys zoe Enter
wait_bell liam "$rung"
wait_in liam "Zoe (1500?) challenges you: a accepts, x declines from another list, N refuses"
wait_in liam " * Zoe challenges you: casual none official 4x4"
lkeys liam Right
lkeys liam x
wait_in liam "declined"
wait_in zoe "Liam declined your challenge"
# The bell off, kept in the settings file: the next challenge is asked without it.
lkeys liam B
wait_in liam "the bell is off: kept in the settings file"
grep -q "^bell = off" "$WORK/Liam/config/gobblet/settings" || fail "the settings file keeps bell = off"
rung=$(bells_of liam)
lkeys zoe c
lkeys zoe C-u
lkeys zoe -l "Liam official 4 none first-to 1 casual"
lkeys zoe Enter
wait_in liam "a accepts, x declines"
sleep 0.5
[ "$(bells_of liam)" = "$rung" ] || fail "the bell rang though it is off"
lkeys liam a
wait_in liam "q leave"
