# Settings inside the game (m): the computer's sides and level, the rules and size of the next game;
# n offers to keep the current game; o lists saved and archived games, most recent first, and opens one.
source "$(dirname "$0")/lib.bash"
start -x 80 -y 24
type_move W3B2; wait_for "Black to move"
keys m
wait_for "Settings"
wait_for "Computer level"
keys Down Down Down
keys Right  # Computer plays Black: on
wait_for "computer plays Black: on (level medium)"
keys Up Up Up Right Right  # level medium -> hard -> max
wait_re "Computer level +max"
keys Down Down Down Down Down Right  # rules of the next game: rogers
wait_for "the next game is played under the rogers rules (n starts it)"
keys Escape
wait_for "computer (max) played"
wait_for "Black  computer (max)"
keys n
wait_for "keep the current one in your saves (k) or drop it (d)"
keys k
wait_for "new game; the previous game is kept in"
wait_for "gobblet  rogers rules  4x4"
[ "$(ls "$XDG_DATA_HOME"/gobblet/saves/ | wc -l)" -eq 1 ] || fail "one kept game"
keys o
wait_for "Saved and archived games, most recent first"
wait_for "in progress, 1 move"
keys Enter
wait_for "opened game-"
wait_for "gobblet  official rules  4x4"
wait_for "1. W3B2"
