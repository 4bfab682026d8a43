# An agreed pause in a network game has an end neither side can stretch (issue 33): both screens show
# how long it has left ("PAUSED: p resumes (by itself in 9:58)"), the countdown moves on, and a resume
# declined leaves it as it was. (That it ends by itself at the limit, with both sides told, is tested
# with a fake clock: tests/test_session.cpp and tests/test_server_games.cpp.)
source "$(dirname "$0")/lib.bash"
start --host 127.0.0.1:0 --code PAUSE-LIMIT --white Liam --game-time 5m --increment 0
wait_for "Waiting for the other player"
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code PAUSE-LIMIT --black Eamon
wait_peer "you play Black"
wait_for "Eamon is here"
type_move W3B2
wait_peer "1. W3B2"
# Eamon offers a pause; Liam agrees with p.
peer_keys p
wait_text "Eamon offers a pause: p agrees, Esc declines"
keys p
wait_for "paused by agreement"
wait_peer "paused by agreement"
# (Any reading within the pause's first minute: a loaded machine may take seconds to get here.)
wait_re "PAUSED: p resumes \(by itself in (10:00|9:[0-5][0-9])\)"
wait_text "PAUSED: p resumes (by itself in 9:" peer_screen
first=$(screen | grep -oE 'by itself in [0-9:]+' | head -1)
# The countdown moves on (a second or two later it reads less).
for i in $(seq 50); do
    now=$(screen | grep -oE 'by itself in [0-9:]+' | head -1)
    [ -n "$now" ] && [ "$now" != "$first" ] && break
    sleep 0.1
done
[ "$now" != "$first" ] || fail "the pause's countdown stands still at $first"
# Liam offers to resume; Eamon declines: the pause and its end stand as they were.
keys p
wait_peer_text "Liam offers to resume: p agrees, Esc declines"
peer_keys Escape
wait_text "Eamon declined your offer to resume"
wait_for "PAUSED: p resumes (by itself in 9:"
exit 0
