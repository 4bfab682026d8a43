# Two copies of the program on one home folder (issue 33): each keeps its own game. A plays Ann-Bob; B,
# started beside it, is told that another copy plays there and autosaves Cat-Dan in a slot of its own
# (it asks nothing about A's game); each says where its game is when it ends, and each file holds its own
# game. --resume then asks which unfinished game to continue, o lists the other one, and opening it from
# there moves it to this copy's autosave. A copy killed with -9 leaves no lock behind: its game is
# offered back to the next start. A game whose autosave failed is never said to be saved.
source "$(dirname "$0")/lib.bash"
dir="$XDG_STATE_HOME/gobblet"
# The second copy: session "b" of the same tmux server, on the same home folder (the same XDG folders).
start_b() {
    rm -f "$WORK/b-status"
    $T new-session -d -s b -x 100 -y 30 \
        "env -u LINES -u COLUMNS -u NO_COLOR LC_ALL=C.UTF-8 TERM=tmux-256color XDG_STATE_HOME=$XDG_STATE_HOME XDG_DATA_HOME=$XDG_DATA_HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME $MAIN $* 2>$WORK/b-stderr; echo \$? > $WORK/b-status; sleep 60"
}
b_screen() { $T capture-pane -p -J -t b; }
b_keys() { $T send-keys -t b "$@"; }
wait_b() { wait_text "$1" b_screen; }
b_move() { b_keys -l "$1"; b_keys Enter; }
wait_b_exit() {
    local i
    for i in $(seq 100); do
        [ -s "$WORK/b-status" ] && return 0
        sleep 0.1
    done
    fail "the second copy did not exit"
}
# printed SESSION: what the program printed as it ended (the terminal after it), on one line.
printed() { $T capture-pane -p -J -t "$1" | tr '\n' ' '; }
# wait_joined REGEX: wait_re on the screen's lines joined by spaces (a message that wraps).
wait_joined() {
    local i
    for i in $(seq 100); do
        screen | tr '\n' ' ' | grep -qE -- "$1" && return 0
        sleep 0.1
    done
    fail "timed out waiting for a match of: $1"
}
moves_in() { grep -cE '^[WK][1-3][A-D][1-4]$' "$1"; }

# A plays Ann-Bob.
start --white Ann --black Bob
play "1. W1A1 K1D1"
# B starts beside it: it is told of A, asks nothing about A's game, and keeps its own in slot 2.
start_b --white Cat --black Dan
wait_b "another copy of gobblet is playing here (Ann against Bob"
wait_b "this game is autosaved in $dir/autosave-2.txt"
b_screen | grep -qF "The last game was not finished" && fail "B asked about the game A is playing"
b_move W3B2; wait_b "1. W3B2"
b_move K1C3; wait_b "1. W3B2 K1C3"
b_move W2A2; wait_b "2. W2A2"
# Quit B, then A: each says where its own game is, and each file holds it.
b_keys q
wait_b_exit
printed b | grep -qF "the game is saved in $dir/autosave-2.txt; $MAIN --resume continues it" || fail "B printed: $(printed b)"
keys q
wait_exit >/dev/null
printed ui | grep -qF "the game is saved in $dir/autosave.txt; $MAIN --resume continues it (it asks which, as other games are unfinished)" || fail "A printed: $(printed ui)"
grep -qxF "% white: Ann" "$dir/autosave.txt" || fail "autosave.txt holds Ann-Bob"
[ "$(moves_in "$dir/autosave.txt")" = 2 ] || fail "autosave.txt: Ann-Bob's two moves"
grep -qxF "% white: Cat" "$dir/autosave-2.txt" || fail "autosave-2.txt holds Cat-Dan"
[ "$(moves_in "$dir/autosave-2.txt")" = 3 ] || fail "autosave-2.txt: Cat-Dan's three moves"
$T kill-session -t ui
$T kill-session -t b

# --resume with two unfinished games asks which; the other is in o's list, and opening it there moves it
# to this copy's autosave (the file it came from goes: one game, one place).
start --resume
wait_text "2 unfinished games: which one goes on?"
wait_joined "[12] Ann against Bob, 1 move"
wait_joined "[12] Cat against Dan, 2 moves"
keys "$(screen | grep -oE '[12] Cat against Dan' | tail -1 | cut -c1)"
wait_text "resumed the last game (2 moves)"
type_move K2D2; wait_moves "2. W2A2 K2D2"
keys o
wait_for "Ann - Bob  in progress, 1 move"
keys Enter
wait_text "opened autosave.txt (1 move)"
wait_text "the previous game is kept in $XDG_DATA_HOME/gobblet/saves/game-"
[ -e "$dir/autosave.txt" ] && fail "the opened autosave is moved here, not copied"
grep -qxF "% white: Ann" "$dir/autosave-2.txt" || fail "Ann-Bob goes on in this copy's autosave"
play "2. W2A2"
stop_game
[ "$(moves_in "$dir/autosave-2.txt")" = 3 ] || fail "Ann-Bob's next move is saved"

# A copy killed with -9 leaves no lock behind: the next start offers its game back.
start --white Eve --black Fay
play "1. W1A1"
pane=$($T display -p -t ui '#{pane_pid}')
game=$(ps -o pid= --ppid "$pane" | tr -d ' ')
[ -n "$game" ] || fail "no game process under the pane"
kill -9 "$game"
wait_exit >/dev/null
$T kill-session -t ui
start_b
wait_b "The last game was not finished: Eve against Fay, 1 move"
b_keys c
wait_b "resumed the last game (1 move)"
b_keys C-c
wait_b_exit
$T kill-session -t b

# An autosave that cannot be written is never said to be saved: its folder is under a file.
touch "$WORK/file"
start -e XDG_STATE_HOME=$WORK/file/state --white Gus --black Hal
play "1. W1A1"
wait_text "autosave failed"
keys q
wait_exit >/dev/null
printed ui | grep -qF "the game is saved" && fail "an autosave that failed is said to be saved: $(printed ui)"
printed ui | grep -qF "the game could not be autosaved (cannot write $WORK/file/state/gobblet/autosave.lock: Not a directory); it is kept in $XDG_DATA_HOME/gobblet/saves/game-" || fail "printed: $(printed ui)"
exit 0
