# The three ways a network game comes back lose nothing (issue 26): every move is found on both sides.
#  1. The host quits and runs the command it printed (--host ... --grace 45s --allow-help --resume, without
#     --code): the same code
#     and match; the joiner's clock stands for the grace from the host's return; the joiner's r resumes.
#  2. The host starts again without --resume: it asks first about the unfinished match (c continues it as
#     --resume would); if it hosts a new game instead (k keeps the old one in its saves), the joiner's r
#     does not take the empty game: it says what the host has, keeps its own, and asks (y takes the
#     host's, its own kept in its saves first).
#  3. The joiner quits and runs the command it printed (--join ... --code ... --resume).
# A finished match offers no reconnection.
source "$(dirname "$0")/lib.bash"
# printed [peer]: the command the program printed as it ended (the pane's lines joined, wrapping undone).
printed() {
    local target=ui
    [ "${1:-}" = peer ] && target=peer
    $T capture-pane -p -J -t "$target" | grep -oE '; .* continues it' | tail -1 | sed -e 's/^; //' -e 's/ continues it$//'
}
wait_text_peer() {
    local i
    for i in $(seq 100); do peer_screen | tr '\n' ' ' | grep -qF -- "$1" && return 0; sleep 0.1; done
    fail "timed out waiting on the peer's screen for: $1"
}
# both_show "N. MOVES": the move pair is in both move lists.
both_show() { wait_moves "$1"; local re; re=$(sed 's/[.?]/\\&/g' <<<"$1"); for i in $(seq 100); do peer_screen | grep -qE "(^|[^0-9])$re( {2,}|\$)" && return 0; sleep 0.1; done; fail "the joiner does not show $1"; }

start --host 127.0.0.1:0 --white Liam --turn-time 2m --reserve 5m --grace 45 --allow-help
port=$(host_port)
code=$(screen | grep -oE 'code [0-9A-Z]+-[0-9A-Z]+' | head -1 | sed 's/code //')
[ -n "$code" ] || fail "no code on the host's screen"
start_peer --join "127.0.0.1:$port" --code "$code" --black Eamon
wait_peer "you play Black"
type_move W1A1; wait_peer "Liam played W1A1"
peer_type_move K1D4; wait_for "Eamon played K1D4"
type_move W2A2; wait_peer "Liam played W2A2"

# 1. The host quits and comes back with the command it printed.
keys q
wait_for "quit the game against Eamon?"  # a live timed game asks first (issue 33, item 6)
keys y
wait_exit >/dev/null
command=$(printed)
# (with the host's terms that are not the defaults: the game continues under them)
[ "$command" = "$MAIN --host 127.0.0.1:$port --grace 45s --allow-help --resume" ] || fail "the host printed [$command]"
wait_peer "r connects again"
$T kill-session -t ui
start -c "$command"
wait_for "code $code"
wait_text "Eamon is away: the clocks stand for"
wait_text "they join with --join 127.0.0.1:$port --code $code"
peer_keys r
wait_peer "both hold the same moves: play resumes"
both_show "1. W1A1 K1D4"; both_show "2. W2A2"
peer_type_move K2D3; wait_for "Eamon played K2D3"
both_show "2. W2A2 K2D3"

# 2. The host starts again without --resume: it asks, and c continues the match.
keys q
wait_for "quit the game against Eamon?"  # a live timed game asks first (issue 33, item 6)
keys y
wait_exit >/dev/null
wait_peer "r connects again"
$T kill-session -t ui
start --host "127.0.0.1:$port" --code "$code" --white Liam
wait_text "The last game was not finished: Liam against Eamon, a network game you hosted"
keys c
wait_for "code $code"
peer_keys r
wait_peer "both hold the same moves: play resumes"
both_show "1. W1A1 K1D4"; both_show "2. W2A2 K2D3"
type_move W3A3; wait_peer "Liam played W3A3"

# 3. The joiner quits and comes back with the command it printed.
peer_keys q
wait_peer "quit the game against Liam?"
peer_keys y
wait_peer_exit >/dev/null
wait_for "The game is saved; waiting for Eamon to come back"
jcommand=$(printed peer)
[ "$jcommand" = "$MAIN --join 127.0.0.1:$port --code $code --resume" ] || fail "the joiner printed [$jcommand]"
$T kill-session -t peer
rm -f "$WORK/peer-status"
$T new-session -d -s peer -x 100 -y 30 \
    "env -u LINES -u COLUMNS -u NO_COLOR LC_ALL=C.UTF-8 TERM=tmux-256color XDG_STATE_HOME=$PEER_STATE XDG_DATA_HOME=$PEER_DATA XDG_CONFIG_HOME=$PEER_CONFIG $jcommand 2>$WORK/peer-stderr; echo \$? > $WORK/peer-status; sleep 60"
wait_peer "both hold the same moves: play resumes"
wait_for "Eamon is here: both hold the same moves: play resumes"
both_show "1. W1A1 K1D4"; both_show "2. W2A2 K2D3"; both_show "3. W3A3"
peer_type_move K3D2; wait_for "Eamon played K3D2"
both_show "3. W3A3 K3D2"

# 2b. The host starts again without --resume and hosts a new game, keeping the match in its saves: the
#     joiner's r does not take the empty game; it says what the host has, keeps its own, and asks.
keys q
wait_for "quit the game against Eamon?"  # a live timed game asks first (issue 33, item 6)
keys y
wait_exit >/dev/null
wait_peer "r connects again"
$T kill-session -t ui
start --host "127.0.0.1:$port" --code "$code" --white Liam
wait_text "The last game was not finished"
keys k
wait_text "the last game is kept in $XDG_DATA_HOME/gobblet/saves/"
kept=$(ls "$XDG_DATA_HOME"/gobblet/saves/game-*.txt)
grep -qxF K3D2 "$kept" || fail "the host's kept copy has every move"
grep -qF "% join code" "$kept" && fail "a save keeps no join code"
peer_keys r
wait_text_peer "the host holds another match (Liam against Eamon, no moves), not ours (Liam against Eamon, 3 moves)"
wait_text_peer "take the host's match instead?"
peer_keys n
wait_text_peer "yours stays as it is, saved here"
grep -qxF K3D2 "$PEER_STATE/gobblet/autosave.txt" || fail "the joiner's autosave keeps every move"
# Asked again, the joiner takes the host's new game: its own goes to its saves first.
peer_keys r
wait_text_peer "take the host's match instead?"
peer_keys y
wait_peer "the game starts; you play Black"
pkept=$(ls "$PEER_DATA"/gobblet/saves/game-*.txt)
grep -qxF K3D2 "$pkept" || fail "the joiner's kept copy has every move"

# A finished match: nothing to come back to.
type_move W1A1; wait_peer "Liam played W1A1"
peer_type_move K1D4; wait_for "Eamon played K1D4"
type_move W2A2; wait_peer "Liam played W2A2"
peer_type_move K2D3; wait_for "Eamon played K2D3"
type_move W3A3; wait_peer "Liam played W3A3"
peer_type_move K3D2; wait_for "Eamon played K3D2"
type_move W1A4
wait_for "Liam wins: four in a row on row A"
wait_peer "Liam wins: four in a row on row A"
keys q
wait_exit >/dev/null
wait_peer "The game is over: q quits"
peer_screen | grep -qF "r connects again" && fail "a finished match offered to reconnect"
exit 0
