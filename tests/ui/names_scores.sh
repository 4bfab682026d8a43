# Names beside every score (issue 33, item 12): a title short of room shortens the words around the score,
# never the names beside it ("round 2  1-0 to 2  network game" said nothing of who had the 1, and the
# panel lists White first, who is not always the player on the left of the score). A local match at 80
# columns, in play and between rounds, and a network match.
source "$(dirname "$0")/lib.bash"
start -x 80 -y 24 --white Annabelle_Smith --black Bobbington_Jones --first-to 2
wait_for "round 1  Annabelle_Smith 0-0 Bobbington_Jones to 2"
play "1. W1A1 K1D4" "2. W2A2 K2D3" "3. W3A3 K3D2"
type_move W1A4
wait_for "Bobbington_Jones lost round 1 and chooses who starts round 2"
wait_for "round 1  Annabelle_Smith 1-0 Bobbington_Jones to 2"
keys s  # Bobbington_Jones starts round 2: White on the panel, the right of the score
wait_for "Bobbington_Jones (White) to move"
wait_for "round 2  Annabelle_Smith 1-0 Bobbington_Jones to 2"
screen | grep -qE "round [0-9]+  [0-9]+-[0-9]+ " && fail "a score without its names: $(screen | head -1)"
stop_game; forget_last_game

# A network match at 80 columns: the note ("network game") leaves room for the names all the same.
start -x 80 -y 24 --host 127.0.0.1:0 --code NAME-1212 --white Liam --first-to 2
port=$(host_port)
start_peer -x 80 -y 24 --join "127.0.0.1:$port" --code NAME-1212 --black Eamon
wait_peer "you play Black"
wait_for "round 1  Liam 0-0 Eamon to 2  network game"
wait_peer "round 1  Liam 0-0 Eamon to 2  network game"
exit 0
