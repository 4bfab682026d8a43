# Two real instances on the loopback, IPv4 then IPv6: the joiner connects with the code, both screens
# show the same names and board, typed moves appear on the other screen, chat crosses, each side moves
# only its own pieces, the analysis panel is refused, and a game played to its end gives the same result
# and an archive on both sides.
source "$(dirname "$0")/lib.bash"
for addr in 127.0.0.1 ::1; do
    $T kill-session -t ui 2>/dev/null; $T kill-session -t peer 2>/dev/null
    rm -rf "$XDG_DATA_HOME" "$PEER_DATA"
    bracket=$addr; [ "$addr" = ::1 ] && bracket="[::1]"
    start --host "$bracket:0" --code ABCD-1234 --white Liam
    wait_for "waiting for a player, code ABCD-1234"
    wait_for "Waiting for the other player: they join with --join"
    type_move W3B2
    wait_for "nobody has joined yet"
    port=$(host_port)
    [ -n "$port" ] || fail "the host shows its address and port"
    start_peer --join "$bracket:$port" --code abcd1234 --black Eamon
    wait_peer "the game starts; you play Black"
    wait_for "Eamon is here: the game starts"
    wait_re "Black  Eamon( |$)"
    wait_peer "White  Liam"
    # Names known are shown alone: nothing says "(remote)" beside them (issue 33, item 13).
    expect_no "(remote)"
    peer_screen | grep -qF "(remote)" && fail "the joiner's screen says (remote) beside a name"
    keys i  # no analysis against a remote player, unless the host's terms allow it
    wait_text "no analysis in this network game while it is played: the host's terms allow no engine help"
    expect_no "Analysis  "
    type_move W1A1
    wait_peer "Liam played W1A1"
    wait_peer "1. W1A1"
    type_move K1D4
    wait_for "it is Eamon's turn, across the network"
    peer_type_move K1D1
    wait_for "Eamon played K1D1"
    # On Liam's turn Eamon's move waits as a premove (tests/ui/premove.sh); Esc cancels it.
    peer_type_move K1D2
    wait_peer "premove K1D2: played as soon as Liam has moved"
    peer_keys Escape
    wait_peer "premove K1D2 cancelled"
    peer_keys Tab; wait_peer "Say:"; peer_keys -l "good luck"; peer_keys Enter
    wait_for "Eamon: good luck"
    for m in W1A2:K1D2 W1A3:K2C4; do
        type_move "${m%%:*}"; wait_peer "Liam played ${m%%:*}"
        peer_type_move "${m##*:}"; wait_for "Eamon played ${m##*:}"
    done
    type_move W2A4
    wait_for "Liam wins: four in a row on row A"
    wait_peer "Liam wins: four in a row on row A"
    for i in $(seq 30); do
        [ -f "$XDG_DATA_HOME/gobblet/games/liam-white--eamon-black.txt" ] &&
            [ -f "$PEER_DATA/gobblet/games/liam-white--eamon-black.txt" ] && break
        sleep 0.1
    done
    a=$(grep -v '^% date' "$XDG_DATA_HOME/gobblet/games/liam-white--eamon-black.txt" | grep -v '^% seat') ||
        fail "the host's archive"
    b=$(grep -v '^% date' "$PEER_DATA/gobblet/games/liam-white--eamon-black.txt" | grep -v '^% seat') ||
        fail "the joiner's archive"
    [ "$a" = "$b" ] || fail "the two archives differ: $(diff <(echo "$a") <(echo "$b"))"
done
