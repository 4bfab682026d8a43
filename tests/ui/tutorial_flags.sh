# The tutorial opens by itself only on a plain first start (tests/ui/tutorial.sh): a first start whose
# command line asks for a game, a match, a file or a network game opens what was asked, with a note
# "new here? T opens the tutorial" under the message until the first key, and marks nothing.
source "$(dirname "$0")/lib.bash"
marker=$XDG_STATE_HOME/gobblet/tutorial.txt
rm -f "$marker"
note="new here? T opens the tutorial"

# Two computers: they play, the tutorial does not stand in front of them.
start --white computer --black computer --level easy --speed slow --seed 1
wait_for "$note"
expect_no "Tutorial, step"
wait_re "(^|[^0-9])1\. [A-DWK][1-4][A-D][1-4]"
keys p  # the first key: the note has been seen
wait_for "PAUSED"
expect_no "$note"
[ ! -e "$marker" ] || fail "the note does not mark the tutorial as seen"

# The tournament's match between two players: T opens the tutorial from there, and q comes back.
stop_game; forget_last_game
start --dm --white Liam --black Eamon
wait_for "$note"
wait_for "round 1  Liam 0 - 0 Eamon  first to 2"
expect_no "Tutorial, step"
keys T
wait_for "Tutorial, step 1 of 5: entering a piece"
keys q; wait_text "Skip the tutorial"; keys y
wait_text "Tutorial skipped"
wait_for "Liam (White) to move"
[ -e "$marker" ] || fail "skipping the tutorial marks it as seen"
# Seen: no note any more.
stop_game; forget_last_game
start --dm --white Liam --black Eamon
wait_for "round 1  Liam 0 - 0 Eamon"
expect_no "new here?"

# --load and --resume open the game, with the note.
rm -f "$marker"
stop_game; forget_last_game
start --load "$FIXTURE" --rules rogers
wait_for "loaded "
wait_for "$note"
play "20. D4D3"
expect_no "$note"
keys q
[ "$(wait_exit)" = 0 ] || fail "q exits"
$T kill-session -t ui
start --resume
wait_for "resumed the last game (20 moves)"
wait_for "$note"
expect_no "Tutorial, step"

# A network game starts at once; T is not offered there, so the note says what is.
stop_game; forget_last_game
start --host 127.0.0.1:0 --code ABCD-4321 --white Liam
wait_for "Waiting for the other player"
wait_for "new here? ? shows the rules and keys; --tutorial teaches (offline games)"
expect_no "Tutorial, step"
stop_game; forget_last_game
# A match's title at 80 columns keeps the join code in sight: before anything is scored it says no score
# (a score always has its names beside it: tests/ui/names_scores.sh).
start -x 80 -y 24 --host 127.0.0.1:0 --code ABCD-4321 --white Liam --dm
wait_for "Waiting for the other player"
wait_re "^gobblet  official 4x4  round 1 to 2  waiting for a player, code ABCD-4321"
stop_game; forget_last_game
start -w "Join code for" --join 127.0.0.1:9
wait_for "new here? ? shows the rules and keys; --tutorial teaches"
expect_no "Tutorial, step"
[ ! -e "$marker" ] || fail "nothing marks the tutorial as seen but the tutorial"
