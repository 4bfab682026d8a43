# Shared helpers of the UI tests: each test drives the real ./main inside a private tmux server and reads
# the screen. Source it, call `start [flags...]`, then `keys`, `wait_for`, `screen`.
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# The binary under test: ./main, or $GOBBLET_BIN (make sanitize tests an instrumented build).
MAIN=${GOBBLET_BIN:-$ROOT/main}
WORK=$(mktemp -d)
# Every file the game reads or writes stays in the work folder: saves, the autosave, the settings.
export XDG_STATE_HOME=$WORK/state XDG_DATA_HOME=$WORK/data XDG_CONFIG_HOME=$WORK/config
# The game shows its tutorial on the first start, until this marker exists (saves/tutorial.h): every test
# starts as a player who has seen it, but tests/ui/tutorial.sh, which removes it.
mark_tutorial_seen() { mkdir -p "$1/gobblet" && echo "% seen" > "$1/gobblet/tutorial.txt"; }
mark_tutorial_seen "$XDG_STATE_HOME"
T="tmux -L gobblet-test-$$-$RANDOM -f /dev/null"
source "$ROOT/tests/fixtures.bash"
FIXTURE="$(fixtures_dir)/liam-white--eamon-black.txt"
# KEEP_WORK=1 keeps the work folder (logs, saves) of a failing test for a look afterwards.
cleanup() {
    [ -n "${KEEP_WORK:-}" ] && { $T kill-server 2>/dev/null; echo "kept $WORK"; return; }
    $T kill-server 2>/dev/null
    sleep 0.2  # the game saves as it leaves
    rm -rf "$WORK" 2>/dev/null
}
trap cleanup EXIT

# start [-x W] [-y H] [-e VAR=VALUE]... [-c COMMAND] [-w TEXT] [flags of ./main...]: opens the game (or
# COMMAND, another name for it) in a fresh tmux session and waits for the status line. The exit status
# lands in $WORK/status. The footer's "q quit" says the game is up (-w: TEXT says so instead, for the
# puzzles and the tutorial).
start() {
    local w=100 h=30 envs=() cmd=$MAIN up="q quit"
    while [ $# -gt 0 ]; do
        case $1 in
            -x) w=$2; shift 2 ;;
            -y) h=$2; shift 2 ;;
            -e) envs+=("$2"); shift 2 ;;
            -c) cmd=$2; shift 2 ;;
            -w) up=$2; shift 2 ;;
            *) break ;;
        esac
    done
    rm -f "$WORK/status"
    # A session that outlives the game's, so that `kill-session -t ui` never stops the server under a
    # following start.
    $T has-session -t keep 2>/dev/null || $T new-session -d -s keep "sleep 600"
    $T new-session -d -s ui -x "$w" -y "$h" \
        "env -u LINES -u COLUMNS -u NO_COLOR LC_ALL=C.UTF-8 TERM=tmux-256color XDG_STATE_HOME=$XDG_STATE_HOME XDG_DATA_HOME=$XDG_DATA_HOME XDG_CONFIG_HOME=$XDG_CONFIG_HOME ${envs[*]:-} $cmd $* 2>$WORK/stderr; echo \$? > $WORK/status; sleep 60"
    wait_for "$up"
}
screen() { $T capture-pane -p -t ui; }
keys() { $T send-keys -t ui "$@"; }
fail() {
    echo "FAIL: $*"
    echo "--- screen:"
    screen
    exit 1
}
# wait_for TEXT: polls the screen (up to 10 s) until TEXT appears.
wait_for() {
    local i
    for i in $(seq 100); do
        screen | grep -qF -- "$1" && return 0
        sleep 0.1
    done
    fail "timed out waiting for: $1"
}
# wait_text TEXT [SCREEN]: like wait_for, on the screen's lines joined by spaces: for a message that
# wraps. SCREEN is the command that prints the screen (default `screen`; `peer_screen`).
wait_text() {
    local i show=${2:-screen}
    for i in $(seq 100); do
        $show | tr '\n' ' ' | grep -qF -- "$1" && return 0
        sleep 0.1
    done
    [ "$show" = screen ] || { echo "--- $show:"; $show; }
    fail "timed out waiting for: $1"
}
# wait_long SECONDS TEXT: like wait_for, for what takes longer (a computer playing a whole match).
wait_long() {
    local i
    for i in $(seq $(($1 * 10))); do
        screen | grep -qF -- "$2" && return 0
        sleep 0.1
    done
    fail "timed out after $1 s waiting for: $2"
}
# wait_re REGEX: like wait_for, with an extended regular expression.
wait_re() {
    local i
    for i in $(seq 100); do
        screen | grep -qE -- "$1" && return 0
        sleep 0.1
    done
    fail "timed out waiting for a match of: $1"
}
# no_cut WHERE [SESSION]: no text on the screen (a lobby SESSION's, else the game's) is cut at the edge of
# its box: put_text ends every text it cuts short with "…" (ui/text.h's elide), so that a word cut at the
# right edge or a line that runs out of its box shows it. WHERE names the screen in the failure.
no_cut() {
    local s
    if [ $# -gt 1 ]; then s=$(lscreen "$2"); else s=$(screen); fi
    grep -qF "…" <<<"$s" || return 0
    echo "FAIL: text cut on $1:"
    grep -nF "…" <<<"$s"
    echo "--- screen:"
    echo "$s"
    exit 1
}
# expect_no TEXT: TEXT is not on the screen now.
expect_no() { screen | grep -qF -- "$1" && fail "unexpected on screen: $1"; return 0; }
# type_move MOVE: types a move and presses Enter.
type_move() { keys -l "$1"; keys Enter; }
# wait_moves "N. MOVE [MOVE]": waits until the move list shows move pair N exactly so (White's move alone,
# or both), whatever column it is drawn in.
wait_moves() {
    local re
    re=$(sed 's/[.?]/\\&/g' <<<"$1")
    wait_re "(^|[^0-9])$re( {2,}|\$)"
}
# play "N. MOVE [MOVE]"...: types the moves of each move pair, waiting after each move until the move
# list shows it (the effect of the step, never text that was on the screen before it).
play() {
    local pair number shown m
    for pair in "$@"; do
        number=${pair%% *}
        shown=$number
        for m in ${pair#* }; do
            type_move "$m"
            shown="$shown $m"
            wait_moves "$shown"
        done
    done
}
# wait_exit: waits for ./main to end and prints its exit status.
wait_exit() {
    local i
    for i in $(seq 100); do
        [ -s "$WORK/status" ] && { cat "$WORK/status"; return 0; }
        sleep 0.1
    done
    fail "the game did not exit"
}
# expect_terminal_restored: after the game ended, the pane is back to normal: no alternate screen, no
# mouse reporting, no keypad mode (what a crash or a missed signal would leave behind).
expect_terminal_restored() {
    local flags
    flags=$($T display -p -t ui '#{alternate_on} #{mouse_any_flag} #{keypad_flag}')
    [ "$flags" = "0 0 0" ] || fail "terminal not restored (alternate screen, mouse, keypad: $flags)"
}
# stop_game: ends the game with Ctrl-C (it quits from anywhere: a question, the help, an entry), waits
# until it has saved and exited, and closes its session.
stop_game() {
    keys C-c
    wait_exit >/dev/null
    $T kill-session -t ui
}
# forget_last_game: the autosave goes, so that the next start finds no unfinished game to ask about (a
# start that would replace one asks first: tests/ui/start_question.sh); for a test that starts again for
# another purpose, after stop_game (a game still running would save it again as it ends).
forget_last_game() { rm -f "$XDG_STATE_HOME/gobblet/autosave.txt"; }
# paste FILE: a bracketed paste of the file's text, as a terminal delivers it.
paste() {
    $T load-buffer -b p "$1"
    $T paste-buffer -p -b p -t ui
}

# Network games: a second player, in their own session "peer" of the same tmux server, with their own
# save folders. start_peer [-x W] [-y H] [flags...] starts it; peer_screen, peer_keys, peer_type_move,
# wait_peer TEXT and wait_peer_exit mirror the helpers above.
PEER_STATE=$WORK/peer-state PEER_DATA=$WORK/peer-data PEER_CONFIG=$WORK/peer-config
mark_tutorial_seen "$PEER_STATE"
start_peer() {
    local w=100 h=30
    while [ $# -gt 0 ]; do
        case $1 in
            -x) w=$2; shift 2 ;;
            -y) h=$2; shift 2 ;;
            *) break ;;
        esac
    done
    rm -f "$WORK/peer-status"
    $T new-session -d -s peer -x "$w" -y "$h" \
        "env -u LINES -u COLUMNS -u NO_COLOR LC_ALL=C.UTF-8 TERM=tmux-256color XDG_STATE_HOME=$PEER_STATE XDG_DATA_HOME=$PEER_DATA XDG_CONFIG_HOME=$PEER_CONFIG $MAIN $* 2>$WORK/peer-stderr; echo \$? > $WORK/peer-status; sleep 60"
}
peer_screen() { $T capture-pane -p -t peer; }
peer_keys() { $T send-keys -t peer "$@"; }
peer_type_move() { peer_keys -l "$1"; peer_keys Enter; }
# wait_peer TEXT [SECONDS]: wait_for on the peer's screen (10 s unless told).
wait_peer() {
    local i
    for i in $(seq $((${2:-10} * 10))); do
        peer_screen | grep -qF -- "$1" && return 0
        sleep 0.1
    done
    echo "--- peer screen:"; peer_screen
    fail "timed out waiting on the peer's screen for: $1"
}
# wait_peer_text TEXT: wait_text on the peer's screen.
wait_peer_text() { wait_text "$1" peer_screen; }
wait_peer_exit() {
    local i
    for i in $(seq 100); do
        [ -s "$WORK/peer-status" ] && { cat "$WORK/peer-status"; return 0; }
        sleep 0.1
    done
    fail "the peer's game did not exit"
}
# host_port: the port a hosting game shows in its waiting message (it listens on port 0: the system's).
host_port() { screen | tr '\n' ' ' | grep -oE '(127\.0\.0\.1|\[::1\]):[0-9]+' | head -1 | sed 's/.*://'; }

# A server's lobby (docs/lobby.md): start_server runs `./main --serve` on 127.0.0.1 port 0 (the system's)
# with a database in the work folder and sets $SERVER to its address (from its log); start_server unix
# listens on a unix socket in the work folder instead; further arguments are the server's flags
# (start_server tcp --grace 3s). Each player is a session of the same tmux server
# with save folders of their own ($WORK/NAME/): start_lobby SESSION NAME [flags...] opens `./main --lobby
# $SERVER --name NAME` there (110x32, or $LOBBY_SIZE: "80x24"; the folders $WORK/NAME/, or
# $WORK/$LOBBY_HOME/: another machine of the same player); lscreen, lkeys, lmove, wait_in and
# wait_in_exit work on a session by name. watch_bells makes every bell rung in a
# session append its name to $WORK/bells (tmux's alert-bell hook).
SERVER_PID=
start_server() {
    local i before
    # The log is appended to, so that a restarted server's log follows the first one's; a start is
    # done when the log says it serves once more than before (a unix socket left by a killed server
    # is still there before the new one listens).
    local how=${1:-tcp}
    [ $# -eq 0 ] || shift
    before=$(grep -c 'serving on' "$WORK/server.log" 2>/dev/null)
    if [ "$how" = unix ]; then
        SERVER="unix:$WORK/lobby.sock"
        "$MAIN" --serve --listen "$SERVER" --db "$WORK/server.db" "$@" 2>>"$WORK/server.log" &
    else
        "$MAIN" --serve --listen 127.0.0.1:0 --db "$WORK/server.db" "$@" 2>>"$WORK/server.log" &
    fi
    SERVER_PID=$!
    for i in $(seq 100); do
        if [ "$(grep -c 'serving on' "$WORK/server.log" 2>/dev/null)" -gt "${before:-0}" ]; then
            [ "$how" = unix ] ||
                SERVER=$(grep -oE 'serving on 127\.0\.0\.1:[0-9]+' "$WORK/server.log" | tail -n 1 | sed 's/serving on //')
            return 0
        fi
        sleep 0.1
    done
    fail "the server did not start: $(cat "$WORK/server.log")"
}
stop_server() {
    [ -n "$SERVER_PID" ] || return 0
    kill -TERM "$SERVER_PID" 2>/dev/null
    wait "$SERVER_PID" 2>/dev/null
    SERVER_PID=
}
trap 'stop_server; cleanup' EXIT
start_lobby() {
    local session=$1 name=$2 size=${LOBBY_SIZE:-110x32}
    local w=${size%x*} h=${size#*x} home=$WORK/${LOBBY_HOME:-$2}
    shift 2
    mkdir -p "$home"
    mark_tutorial_seen "$home/state"
    rm -f "$WORK/$session.status"
    $T has-session -t keep 2>/dev/null || $T new-session -d -s keep "sleep 600"
    $T new-session -d -s "$session" -x $w -y $h \
        "env -u LINES -u COLUMNS -u NO_COLOR LC_ALL=C.UTF-8 TERM=tmux-256color XDG_STATE_HOME=$home/state XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config $MAIN --lobby $SERVER --name $name $* 2>$WORK/$session.stderr; echo \$? > $WORK/$session.status; sleep 60"
}
lscreen() { $T capture-pane -p -t "=$1:"; }
watch_bells() {
    : >"$WORK/bells"
    $T set-option -g monitor-bell on
    $T set-option -g bell-action any
    $T set-hook -g alert-bell "run-shell 'echo #{session_name} >> $WORK/bells'"
}
# wait_bell SESSION: waits (10 s) until SESSION has rung the bell once more than $2 times (default 0).
wait_bell() {
    local i
    for i in $(seq 100); do
        [ "$(grep -cx "$1" "$WORK/bells" 2>/dev/null)" -gt "${2:-0}" ] && return 0
        sleep 0.1
    done
    lobby_evidence
    fail "timed out waiting for a bell in $1"
}
bells_of() { grep -cx "$1" "$WORK/bells" 2>/dev/null; }
lkeys() {
    local s=$1
    shift
    $T send-keys -t "=$s:" "$@"
}
# lobbies NAME...: a lobby for each (its session the name in lower case), each waited for until logged in
# (50 s: the machine may be loaded).
lobbies() {
    local n
    for n in "$@"; do start_lobby "${n,,}" "$n"; done
    for n in "$@"; do wait_in "${n,,}" "logged in as $n" 50; done
}
# seek_match TERMS: the lobbies liam and eamon (started, logged in) meet: Liam posts a seek with TERMS,
# Eamon accepts it, and both game screens are up; w and b name the sessions of White and Black.
seek_match() {
    lkeys liam p
    lkeys liam C-u
    lkeys liam -l "$1"
    lkeys liam Enter
    wait_in eamon "#1 Liam"
    lkeys eamon a
    wait_in liam "q leave"
    wait_in eamon "q leave"
    case $(white_of liam) in
        Liam) w=liam b=eamon ;;
        *) w=eamon b=liam ;;
    esac
}
# lmove SESSION MOVE: types a move and presses Enter.
lmove() { lkeys "$1" -l "$2"; lkeys "$1" Enter; }
# wait_in SESSION TEXT [SECONDS]: polls the session's screen (10 s unless told) until TEXT appears.
wait_in() {
    local i
    for i in $(seq $((${3:-10} * 10))); do
        lscreen "$1" | grep -qF -- "$2" && return 0
        sleep 0.1
    done
    lobby_evidence
    fail "timed out waiting on $1's screen for: $2"
}
# lobby_evidence: what a failed lobby test leaves to read: every session's screen and the server's log.
lobby_evidence() {
    local s
    for s in $($T list-sessions -F '#S' 2>/dev/null); do
        [ "$s" = keep ] && continue
        echo "--- screen of $s:"
        lscreen "$s"
    done
    [ -f "$WORK/server.log" ] && { echo "--- the server's log (last 40 lines):"; tail -n 40 "$WORK/server.log"; }
}
# wait_in_text SESSION TEXT [SECONDS]: wait_in on the screen's lines joined by spaces (a message that wraps).
wait_in_text() {
    local i
    for i in $(seq $((${3:-10} * 10))); do
        lscreen "$1" | tr '\n' ' ' | tr -s ' ' | grep -qF -- "$2" && return 0
        sleep 0.1
    done
    lobby_evidence
    fail "timed out waiting on $1's screen for: $2"
}
# wait_in_re SESSION REGEX [SECONDS]: the same with an extended regular expression.
wait_in_re() {
    local i
    for i in $(seq $((${3:-10} * 10))); do
        lscreen "$1" | grep -qE -- "$2" && return 0
        sleep 0.1
    done
    lobby_evidence
    fail "timed out waiting on $1's screen for a match of: $2"
}
wait_in_exit() {
    local i
    for i in $(seq 100); do
        [ -s "$WORK/$1.status" ] && { cat "$WORK/$1.status"; return 0; }
        sleep 0.1
    done
    fail "the program in $1 did not exit"
}
# lobby_white_wins WHITE_SESSION BLACK_SESSION WHITE_NAME [SECONDS]: on two lobbies' game screens, White
# makes four in a row on row A, each move waited for on the other screen before the next (SECONDS a
# wait, 10 unless told), until the loser's screen says who won.
lobby_white_wins() {
    local w=$1 b=$2 white=$3 t=${4:-10}
    wait_game $w $t
    lmove $w W1A1; wait_in $b "1. W1A1" $t
    lmove $b K1D4; wait_in $w "1. W1A1 K1D4" $t
    lmove $w W2A2; wait_in $b "2. W2A2" $t
    lmove $b K2D3; wait_in $w "2. W2A2 K2D3" $t
    lmove $w W3A3; wait_in $b "3. W3A3" $t
    lmove $b K3D2; wait_in $w "3. W3A3 K3D2" $t
    lmove $w W1A4
    wait_in $b "$white wins: four in a row on row A" $t
}
# wait_game SESSION [SECONDS]: waits (10 s unless told) until the session's game screen names both players
# beside their colours: the host's match has arrived (before it the panel shows no names).
wait_game() {
    wait_in_re "$1" "White  [~A-Za-z0-9]" "${2:-10}"
    wait_in_re "$1" "Black  [~A-Za-z0-9]" "${2:-10}"
}
# white_of SESSION: the name the game screen shows for White (the server picks the colours), once its
# panel shows the players (10 s at most: a loaded machine may draw the screen's footer before the game
# has arrived, while it says the host sets the game).
white_of() {
    local i name
    for i in $(seq 100); do
        name=$(lscreen "$1" | grep -oE 'White  [A-Za-z~][A-Za-z0-9_-]*' | head -1 | sed 's/White  //')
        [ -n "$name" ] && break
        sleep 0.1
    done
    echo "$name"
}
# first_against_computer SESSION NAME: the first moves of NAME's server game against a computer,
# whichever colour the server gave them: as White W1A1 and the computer's answer; as Black the
# computer's opening and a small piece where it did not go (A1, or D4), then its second move (a new
# piece or one moved on the board: "2. W2B2", "2. C1C3"). Sets `mine` to the move list's first line as
# far as NAME played it ("1. W1A1", or "1. W2C3 K1A1").
first_against_computer() {
    local who=$1 name=$2 sq=A1
    if [ "$(white_of "$who")" = "$name" ]; then
        lmove "$who" W1A1
        wait_in_re "$who" "1\. W1A1 +K[123][A-D][1-4]"
        mine="1. W1A1"
        return
    fi
    wait_in_re "$who" "1\. W[123][A-D][1-4]"
    mine=$(lscreen "$who" | grep -oE '1\. W[123][A-D][1-4]' | head -1)
    [ "${mine:5:2}" = A1 ] && sq=D4  # ("1. W1A1": its square at 5)
    lmove "$who" "K1$sq"
    mine="$mine K1$sq"
    wait_in "$who" "$mine"
    wait_in_re "$who" "2\. (W[123]|[A-D][1-4])[A-D][1-4]"
}

# Every reader of every file the game writes (issue 26): every_reader FILE opens FILE with --replay (the
# final position of each round), --review (every move of every round judged), --load, o and a paste,
# each in a game with save folders of its own, and checks that each took all of it: the rounds, and the
# last round's moves.
moves_in() { grep -cE '^([WK][1-3]|[A-D][1-4])[A-D][1-4]( |$)' "$1"; }
rounds_in() { local n; n=$(grep -c '^% round ' "$1"); echo $((n > 0 ? n : 1)); }
# The last round's number and its moves (a single game: round 1 and all its moves).
last_round() { grep -oE '^% round [0-9]+' "$1" | tail -1 | grep -oE '[0-9]+$' || echo 1; }
last_moves() { awk '/^% round /{n=0} /^([WK][1-3]|[A-D][1-4])[A-D][1-4]( |$)/{n++} END{print n}' "$1"; }
every_reader() {
    local file=$1 name rounds moves last n out i
    name=$(basename "$file")
    rounds=$(rounds_in "$file")
    moves=$(moves_in "$file")
    last=$(last_moves "$file")
    # Counted as the move list numbers them: 7 played are 4 moves (issue 33, item 11).
    local counted="$(((last + 1) / 2)) move"
    [ "$last" = 0 ] && counted="no move"
    n=$(last_round "$file")
    # --replay: a board and a state line for each round.
    out=$("$MAIN" --replay "$file" 2>&1) || fail "--replay $name: $out"
    [ "$(grep -c '^White stacks:' <<<"$out")" = "$rounds" ] || fail "--replay $name: $rounds rounds: $out"
    # --review: every move of every round judged, a review a round.
    out=$("$MAIN" --review "$file" --review-time 0.01 2>&1) || fail "--review $name: $out"
    [ "$(grep -c '^% review: ' <<<"$out")" = "$rounds" ] || fail "--review $name: $rounds reviews"
    [ "$(grep -cE '^ *[0-9]+\.(\.\.)? +[A-Z0-9]{4}  ' <<<"$out")" = "$moves" ] ||
        fail "--review $name: $moves moves judged: $out"
    # --load, then o and a paste in the same game, with folders of its own (the file alone in the saves).
    i=$((${i_reader:-0} + 1)); i_reader=$i
    local dir=$WORK/reader-$i
    mkdir -p "$dir/data/gobblet/saves"
    mark_tutorial_seen "$dir/state"
    cp "$file" "$dir/data/gobblet/saves/$name"
    local envs=(-e "XDG_STATE_HOME=$dir/state" -e "XDG_DATA_HOME=$dir/data" -e "XDG_CONFIG_HOME=$dir/config")
    start "${envs[@]}" --load "$file"
    wait_text "loaded $file ($counted"
    [ "$rounds" = 1 ] || wait_for "round $n "
    keys o
    wait_for "Saved and archived games"
    keys Enter
    wait_text "opened $name ($counted"
    [ "$rounds" = 1 ] || wait_for "round $n "
    paste "$file"
    wait_text "replace the current game with it?"
    keys y
    wait_text "replaced the game with the pasted one ($counted"
    [ "$rounds" = 1 ] || wait_for "round $n "
    stop_game
}

