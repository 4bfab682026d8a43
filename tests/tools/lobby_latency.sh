#!/usr/bin/env bash
# The time from a move typed in one lobby client to the opponent's screen, on loopback: a measurement,
# not a test (make test never runs it). A server on 127.0.0.1 (port 0), two `./main --lobby` clients in
# tmux, a casual match without a clock; then PLIES moves (default 20), each typed with tmux send-keys in
# the mover's pane, timed from just before send-keys until the opponent's pane shows it in the move list
# (capture-pane polled as fast as it goes). The moves are a random legal game that neither ends nor
# repeats a position, chosen by the engine's protocol (--gtp) with a fixed seed. Prints each sample and
# p50, p90, p99 and the worst, in milliseconds. What it includes: tmux delivering the keys, the client's
# loop reading them and sending the move, the server checking, committing and relaying it, the other
# client drawing it, and tmux rendering the pane; the capture's own cost bounds the resolution (printed).
#
#   tests/tools/lobby_latency.sh [PLIES]
source "$(dirname "$0")/../ui/lib.bash"
PLIES=${1:-20}

# A random game of PLIES moves that does not end and never comes back to a position.
coproc GTP { "$MAIN" --gtp 2>/dev/null; }
gtp() {  # gtp COMMAND: the answer as it comes ("= ..." or "? ..."), up to the blank line that ends it
    local line out=""
    echo "$1" >&"${GTP[1]}"
    while IFS= read -r line <&"${GTP[0]}"; do
        [ -z "$line" ] && break
        out+="$line"$'\n'
    done
    printf '%s' "$out"
}
RANDOM=17
declare -A seen
moves=()
seen["$(gtp showboard)"]=1
while [ ${#moves[@]} -lt "$PLIES" ]; do
    legal_text=$(gtp legal_moves)
    read -ra legal <<<"${legal_text#= }"
    [ ${#legal[@]} -gt 0 ] || { echo "no legal move"; exit 1; }
    found=
    for try in $(seq 40); do
        m=${legal[$((RANDOM % ${#legal[@]}))]}
        [[ $(gtp "play $m") == =* ]] || continue
        board=$(gtp showboard)
        if [ "$(gtp result)" = "= none" ] && [ -z "${seen[$board]:-}" ]; then
            seen["$board"]=1
            moves+=("$m")
            found=1
            break
        fi
        gtp undo >/dev/null
    done
    [ -n "$found" ] || { echo "no move keeps the game going; try another seed"; exit 1; }
done
gtp quit >/dev/null

start_server
start_lobby liam Liam
start_lobby eamon Eamon
wait_in liam "logged in as Liam"
wait_in eamon "logged in as Eamon"
seek_match "official 4 none first-to 1 casual"
white=$w black=$b
sleep 1  # both at the board

ms() { echo $(($(date +%s%N) / 1000000)); }
# The resolution: what one look at the other pane costs.
t=$(ms)
for i in $(seq 20); do lscreen "$black" >/dev/null; done
echo "one capture-pane: $(( ($(ms) - t) / 20 )) ms"
t=$(ms)
for i in $(seq 20); do $T display -p -t "=$black:" x >/dev/null; done
echo "one tmux command (send-keys costs about as much; a move takes two): $(( ($(ms) - t) / 20 )) ms"

samples=()
for ((i = 0; i < PLIES; i++)); do
    m=${moves[$i]}
    pair=$((i / 2 + 1))
    if ((i % 2 == 0)); then
        mover=$white other=$black re="(^|[^0-9])$pair\. $m( |\$)"
    else
        mover=$black other=$white re="(^|[^0-9])$pair\. ${moves[$((i - 1))]} +$m( |\$)"
    fi
    t0=$(ms)
    lkeys "$mover" -l "$m"
    lkeys "$mover" Enter
    for ((k = 0; k < 20000; k++)); do
        lscreen "$other" | grep -qE -- "$re" && break
    done
    t1=$(ms)
    ((k < 20000)) || fail "move $((i + 1)) ($m) never reached the other screen"
    samples+=($((t1 - t0)))
    echo "move $((i + 1)) $m: $((t1 - t0)) ms"
    sleep 0.2
done
sorted=($(printf '%s\n' "${samples[@]}" | sort -n))
n=${#sorted[@]}
pct() { local i=$(( ($1 * n + 99) / 100 - 1 )); ((i < 0)) && i=0; echo "${sorted[$i]}"; }
echo "moves: $n; p50 $(pct 50) ms, p90 $(pct 90) ms, p99 $(pct 99) ms, worst ${sorted[$((n - 1))]} ms"
