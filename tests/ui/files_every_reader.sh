# Every file the game writes opens again with every reader (issue 26): the autosave, an s save, the
# archives of a match between two computers, of a match with a drawn round and resignations, of a DM
# match, of a game resigned, of a network match (both sides), and a network game's autosave; each through --replay,
# --review, --load, o and a paste, with every round (lib.bash's every_reader). The lobby's saved
# histories: tests/ui/lobby_durable.sh.
source "$(dirname "$0")/lib.bash"
games=$XDG_DATA_HOME/gobblet/games
# archived STEM: the archive's path once it is written.
archived() { local f; for i in $(seq 100); do f=$(ls "$games/$1"*.txt 2>/dev/null | head -1); [ -n "$f" ] && { echo "$f"; return; }; sleep 0.1; done; fail "no archive $1"; }
files=()

# A match between two computers, first to 2.
start --white computer:easy --black computer:medium --first-to 2 --speed fast --seed 7
wait_long 60 "wins the match"
files+=("$(archived computer-easy-white--computer-medium-black)")
stop_game

# A match with a drawn round, a round won on the board and one resigned.
start --white Liam --black Eamon --first-to 2
play "1. W1A1 K1D4"
keys '='; wait_for "Liam offers a draw"; keys y
wait_for "Enter starts round 1 again"; keys Enter
wait_for "Liam (White) to move"
play "1. W1A1 K1D1" "2. W2A2 K2D2" "3. W3A3 K3D3"
type_move W1A4
wait_for "Eamon lost round 1"; keys s  # Eamon starts round 2
wait_for "Eamon (White) to move"
play "1. W3B2 K1C3"
keys R; wait_for "Eamon: resign round 2?"; keys y
wait_for "Liam wins the match"
files+=("$(archived liam-white--eamon-black)")
stop_game

# A DM match: two rounds resigned, the reserves and the clocks in the record.
start --dm --white Ann --black Bea
play "1. W3B2 K1C3"
keys R; wait_for "Ann: resign round 1?"; keys y
wait_for "Ann lost round 1"; keys o
wait_for "Bea (White) to move"
play "1. W1A1"
keys R; wait_for "Ann: resign round 2?"; keys y
wait_for "Bea wins the match 2-0"
files+=("$(archived ann-white--bea-black)")
stop_game

# A single game resigned: its ending is a line of its own.
start --white Eve
play "1. W3B2 K1C3"
keys R; wait_for "Eve: resign the game?"; keys y
wait_for "Black wins: Eve resigned"
files+=("$(archived eve-white--black)")
stop_game

# A game in progress: its s save and its autosave.
start --white Cai --black Dov
play "1. W3B2 K1C3" "2. B2D4"
keys s
wait_for "saved to"
files+=("$(ls "$XDG_DATA_HOME"/gobblet/saves/game-*.txt)")
stop_game
cp "$XDG_STATE_HOME/gobblet/autosave.txt" "$WORK/autosave.txt"
files+=("$WORK/autosave.txt")
forget_last_game

# A network match to its end (both sides archive it), and a network game's autosave.
start --host 127.0.0.1:0 --code ABCD-5678 --white Liam
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code ABCD-5678 --black Eamon
wait_peer "you play Black"
for pair in "W1A1 K1D4" "W2A2 K2D3" "W3A3 K3D2"; do
    type_move "${pair% *}"; wait_peer "Liam played ${pair% *}"
    peer_type_move "${pair#* }"; wait_for "Eamon played ${pair#* }"
done
type_move W1A4
wait_peer "Liam wins: four in a row on row A"
files+=("$(archived liam-white--eamon-black-2)")
for i in $(seq 100); do ls "$PEER_DATA"/gobblet/games/liam-white--eamon-black*.txt >/dev/null 2>&1 && break; sleep 0.1; done
files+=("$(ls "$PEER_DATA"/gobblet/games/liam-white--eamon-black*.txt | head -1)")
stop_game
$T kill-session -t peer
start --host 127.0.0.1:0 --code ABCD-5678 --white Liam
port=$(host_port)
start_peer --join "127.0.0.1:$port" --code ABCD-5678 --black Eamon
wait_peer "you play Black"
type_move W3B2; wait_peer "Liam played W3B2"
peer_type_move K1C3; wait_for "Eamon played K1C3"
stop_game
grep -qF "% network: host 127.0.0.1:$port" "$XDG_STATE_HOME/gobblet/autosave.txt" || fail "a network autosave"
cp "$XDG_STATE_HOME/gobblet/autosave.txt" "$WORK/net-autosave.txt"
files+=("$WORK/net-autosave.txt")

for f in "${files[@]}"; do every_reader "$f"; echo "read every way: $(basename "$f")"; done
[ "${#files[@]}" = 9 ] || fail "nine files"
exit 0
