# Play-experience defects about sessions (each failed before its fix): messages name the program as it
# was run (4), a finished game is kept and --resume offers it for review (5), --resume restores names,
# seats and levels (12).
source "$(dirname "$0")/lib.bash"
mkdir -p "$WORK/bin"
ln -s "$MAIN" "$WORK/bin/gobblet"
start -x 80 -y 24 -e "PATH=$WORK/bin:$PATH" -c gobblet --white Liam --black computer:easy --seed 4
wait_for "Black  computer (easy)"
type_move W1A1
wait_for "computer (easy) played"
keys s
wait_for "(gobblet --load FILE opens it)"
keys q
wait_exit >/dev/null
$T capture-pane -p -J -t ui | grep -qF "; gobblet --resume continues it" || fail "the exit message names the program"
$T kill-session -t ui
start -x 80 -y 24 --resume
wait_for "resumed the last game (1 move)"
wait_for "White  Liam"
wait_for "Black  computer (easy)"
type_move W1A2
wait_for "computer (easy) played"
# The game ends (Liam resigns): it is archived.
keys R; wait_for "Liam: resign the game?"; keys y
wait_for "computer (easy) wins: Liam resigned"
wait_for "The game is over and kept in"
archive=$(ls "$XDG_DATA_HOME"/gobblet/games/liam-white--*.txt) || fail "archived"
keys q
wait_exit >/dev/null
$T kill-session -t ui
start -x 80 -y 24 --resume
wait_for "the last game had ended (computer (easy) wins: Liam resigned); it is shown for"
wait_for "Black  computer (easy)"
keys u  # a finished game is reviewed: the step back takes nothing back
wait_for "at Black's move 2 of 2"
keys n
wait_for "start a new game"
