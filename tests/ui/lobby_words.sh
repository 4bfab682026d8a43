# The lobby's words (issue 33, item 13): a challenge sent names the player as the lobby writes the name
# ("Zoe" for a challenge typed to "zoe"); the challenged player reads it once, on its line beside the
# lists (the message line does not say it again); one drawn game in the history is "drew", never "drew
# 0-0"; your own profile offers no c.
source "$(dirname "$0")/lib.bash"
start_server
lobbies Liam Zoe
lkeys liam c
lkeys liam C-u
lkeys liam -l "zoe official 4 none first-to 1 casual"
lkeys liam Enter
wait_in liam "challenge sent to Zoe: official rules, 4x4"
lscreen liam | grep -qF "challenge sent to zoe" && fail "the name as typed, not as the lobby writes it"
wait_in zoe "Liam (1500?) challenges you: a accepts, x declines, N refuses Liam"
sleep 0.5  # anything else it would say has arrived
n=$(lscreen zoe | grep -v '^ \* ' | grep -c "challenges you")
[ "$n" = 1 ] || fail "the challenge said $n times beside the chat's line: $(lscreen zoe | grep -F 'challenges you')"
lscreen zoe | grep -qF " * Liam challenges you: casual" || fail "the chat keeps it"
# One game, drawn by agreement: the history says "drew".
lkeys zoe a
wait_in liam "q leave"
wait_in zoe "q leave"
wait_game liam
case $(white_of liam) in
    Liam) w=liam b=zoe ;;
    *) w=zoe b=liam ;;
esac
lmove $w W1A1; wait_in $b "1. W1A1"
lmove $b K1D4; wait_in $w "1. W1A1 K1D4"
lkeys $w =
wait_in $b "offers a draw"
lkeys $b =
wait_in liam "Draw: agreed by both players"
wait_in zoe "Draw: agreed by both players"
lkeys liam Enter
lkeys zoe Enter
wait_in liam "your match is over"
lkeys liam h
wait_in liam "Finished games of Liam (1)"
wait_in_re liam "(Liam and Zoe|Zoe and Liam) drew, casual"
lscreen liam | grep -qF "drew 0-0" && fail "one drawn game with a score of 0-0"
lkeys liam Escape
wait_in liam "Players (2)"
# Your own profile: no c.
lkeys liam i
wait_in liam "your profile: h lists every finished game, Esc goes back"
wait_in liam "Profile of Liam: h every finished game, Esc goes back"
lscreen liam | grep -qF "c challenge" && fail "your own profile offers c: $(lscreen liam | grep -F 'c challenge')"
lkeys liam c
wait_in liam "this is your own profile: c challenges another player's"
