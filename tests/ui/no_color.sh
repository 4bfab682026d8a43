# NO_COLOR (any non-empty value) and --no-color draw without colour; the sides stay distinct by shape.
source "$(dirname "$0")/lib.bash"
colours() { $T capture-pane -p -e -t ui | grep -cE $'\e\\[([0-9;]*;)?(3[0-7]|4[0-7]|38;5;[0-9]+)m'; }
start
play "1. W3B2"
[ "$(colours)" -gt 0 ] || fail "colour expected by default"
stop_game; forget_last_game
start -e NO_COLOR=1
play "1. W3B2 K1C3"
[ "$(colours)" -eq 0 ] || fail "NO_COLOR: no colour expected"
screen | grep -qF "(   4   )" || fail "White pieces in round brackets"
screen | grep -qF "[   4   ]" || fail "Black pieces in square brackets"
stop_game; forget_last_game
start --no-color
[ "$(colours)" -eq 0 ] || fail "--no-color: no colour expected"
