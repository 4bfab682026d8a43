# A joiner who vanishes under a clock: its program is killed on its own turn; the host waits out its
# grace (--grace 1s), then tells Liam how long Eamon has left while Eamon's clock runs, and Eamon loses
# on time as at the board. Coming back later, Eamon is told what happened while he was away. (A 10 s
# turn leaves the kill a 10x margin before Eamon's turn could run out while he was still there.)
source "$(dirname "$0")/lib.bash"
start --host 127.0.0.1:0 --code ABCD-4321 --white Liam --turn-time 10s --grace 1s
wait_for "Waiting for the other player"
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code ABCD-4321 --black Eamon
wait_peer "the game starts; you play Black"
type_move W1A1
wait_peer "Liam played W1A1"
# Eamon's program, and only it: the child of the peer pane's shell.
pane=$($T display -p -t peer '#{pane_pid}')
joiner=$(ps -o pid= --ppid "$pane" | head -1 | tr -d ' ')
[ -n "$joiner" ] || fail "no joiner process under the peer pane $pane"
kill -KILL "$joiner"
wait_for "connection lost: Eamon closed the connection"
wait_text "the clocks stand for up to 1s (what is left of Eamon's grace); you play on your turns"
# The grace is over: Eamon's clock runs again and Liam sees how long he has.
wait_re "Eamon is away: Eamon's clock runs, 0:(0[1-9]|10) left"
expect_no "Eamon ran out of time"
wait_long 60 "Eamon ran out of time with no reserve left: Liam wins"
grep -qxF "% ending: time black" "$XDG_STATE_HOME/gobblet/autosave.txt" ||
    grep -qF "Eamon ran out of time" "$XDG_STATE_HOME/gobblet/autosave.txt" ||
    fail "the host saved the round lost on time: $(cat "$XDG_STATE_HOME/gobblet/autosave.txt")"
# Eamon comes back: his save lags behind, he catches up and is told.
$T kill-session -t peer
start_peer --join "127.0.0.1:$port" --code ABCD-4321 --black Eamon --resume
wait_peer "while you were away: Eamon ran out of time"
wait_peer "Liam wins"
