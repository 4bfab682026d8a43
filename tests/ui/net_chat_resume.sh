# The chat log of a network game survives a --resume (issue 33, item 16): the joiner quits and comes back
# with the command it printed, and M still shows what both said; so does the host after its own --resume.
# Each side's autosave keeps the log (cleaned, at most 100 lines), never a save or the archive.
source "$(dirname "$0")/lib.bash"
printed() {
    local target=ui
    [ "${1:-}" = peer ] && target=peer
    $T capture-pane -p -J -t "$target" | grep -oE '; .* continues it' | tail -1 | sed -e 's/^; //' -e 's/ continues it$//'
}
# again_peer COMMAND: the joiner's program again, as it printed itself, with the same folders.
again_peer() {
    $T kill-session -t peer
    rm -f "$WORK/peer-status"
    $T new-session -d -s peer -x 100 -y 30 \
        "env -u LINES -u COLUMNS -u NO_COLOR LC_ALL=C.UTF-8 TERM=tmux-256color XDG_STATE_HOME=$PEER_STATE XDG_DATA_HOME=$PEER_DATA XDG_CONFIG_HOME=$PEER_CONFIG $1 2>$WORK/peer-stderr; echo \$? > $WORK/peer-status; sleep 60"
}

start --host 127.0.0.1:0 --code CHAT-4242 --white Liam
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code CHAT-4242 --black Eamon
wait_peer "you play Black"
wait_for "Eamon is here"
peer_keys Tab; wait_peer "Say:"; peer_keys -l "good luck"; peer_keys Enter
wait_for "Eamon: good luck"
keys Tab; wait_for "Say:"; keys -l "you too"; keys Enter
wait_peer "Liam: you too"
type_move W1A1; wait_peer "Liam played W1A1"
grep -qxF "% chat: you: good luck" "$PEER_STATE/gobblet/autosave.txt" ||
    fail "the joiner's autosave keeps the chat: $(grep chat "$PEER_STATE/gobblet/autosave.txt")"

# The joiner quits and comes back: its chat log is as it was.
peer_keys q
wait_peer_exit >/dev/null
wait_for "waiting for Eamon to come back"
command=$(printed peer)
[ -n "$command" ] || fail "the joiner printed no command"
again_peer "$command"
wait_peer "both hold the same moves: play resumes"
peer_keys M
wait_peer "Chat: the last 2 lines said in this game"
peer_screen | grep -qxF "you: good luck" || fail "the joiner's own line after --resume"
peer_screen | grep -qxF "Liam: you too" || fail "the host's line after --resume"
peer_keys Escape
wait_peer "Eamon (Black) to move"

# The host quits and comes back with its command: its log too.
keys q
wait_exit >/dev/null
hcommand=$(printed)
[ "$hcommand" = "$MAIN --host 127.0.0.1:$port --resume" ] || fail "the host printed [$hcommand]"
wait_peer "r connects again"
$T kill-session -t ui
start -c "$hcommand"
wait_for "code CHAT-4242"
peer_keys r
wait_peer "both hold the same moves: play resumes"
keys M
wait_for "Chat: the last 2 lines said in this game"
screen | grep -qxF "Eamon: good luck" || fail "the joiner's line on the host after --resume"
screen | grep -qxF "you: you too" || fail "the host's own line after --resume"
exit 0
