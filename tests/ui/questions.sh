# Every question and overlay lets the player leave and explains itself: q quits (the game is saved, and
# --resume asks an open round's question again), ? shows the question's own help (what it asks, what
# each answer does), Esc gives the default answer where there is one and says there is none otherwise;
# the prompt and the footer say so.
source "$(dirname "$0")/lib.bash"
save="$XDG_STATE_HOME/gobblet/autosave.txt"

# A round lost on time under a DM clock (its clocks start with White's first move): the loser chooses
# who starts the next.
start --white Liam --black Eamon --dm --turn-time 2s --reserve 0
type_move W3B2
wait_for "Eamon ran out of time with no reserve left: Liam wins the round"
wait_for "s Eamon starts   o Liam starts"
wait_for "answer with one key   ? help   q quit (the game is saved)"
wait_for "no default answer: Esc does not answer it"
keys '?'
wait_for "The question: Eamon lost round 1 and chooses who starts round 2"
wait_text "The loser of a round chooses who starts the next"
wait_for "s           Eamon starts round 2 and plays White"
wait_for "o           Liam starts round 2 and plays White"
wait_text "There is no default answer here, so Esc does not answer it"
keys x  # any key closes the help: the question is still there
wait_for "s Eamon starts   o Liam starts"
expect_no "The question:"
keys Escape
wait_text "There is no default answer: press s or o (? explains, q quits)."
keys q
[ "$(wait_exit)" = 0 ] || fail "q from the starter question exits with status 0"
grep -qF "% result: Eamon ran out of time" "$save" || fail "the match is saved with the lost round"
$T kill-session -t ui
start --resume
wait_text "resumed the last match (1 move, round 1). Eamon lost round 1 and chooses who starts round 2"
wait_for "s Eamon starts   o Liam starts"
keys s p  # and pause round 2's clock at once: the checks below take their time
wait_for "PAUSED"
wait_for "round 2  Liam 1 - 0 Eamon"
wait_for "Eamon (White) to move"

# A draw offer between two players here: Esc declines (the default), ? explains.
stop_game; forget_last_game
start --white Liam --black Eamon
keys '='
wait_for "y accept the draw   n/Esc decline"
keys '?'
wait_for "The question: Liam offers a draw: Eamon, do you accept?"
wait_for "Esc         the same as n: decline"
wait_for "q           quit the program, as q does anywhere: the game is saved"
keys x
wait_for "y accept the draw   n/Esc decline"
keys Escape
wait_for "Eamon declines the draw: play goes on"
# Resigning: Esc plays on.
keys R
wait_for "y resign   n/Esc play on"
keys Escape
wait_re "^play goes on$"
play "1. W3B2"
# The new-game question: q quits from it, and the game is kept.
keys n
# (its answers wrap between answers onto the next line: each whole)
wait_for "k keep this one in your saves and start a new one   d drop this one and start a new one"
wait_re "^Esc "
keys q
[ "$(wait_exit)" = 0 ] || fail "q from the new-game question exits with status 0"
grep -qx "W3B2" "$save" || fail "the game is saved after q from a question"

# The settings menu and the list of games: ? explains them, q quits from them.
$T kill-session -t ui
start --resume
wait_for "resumed the last game (1 move)"
keys m
wait_for "Esc or m close   ? help   q quit"
keys '?'
wait_for "Settings (m)"
wait_text "Each row is a setting"
keys Escape
wait_for "Computer level"
expect_no "Each row is a setting"
keys Escape
wait_for "s save"
keys s
wait_for "saved to"
keys o
wait_for "Esc or o close   ? help   q quit"
keys '?'
wait_for "Saved and archived games (o)"
keys x
wait_for "in progress, 1 move"
keys q
[ "$(wait_exit)" = 0 ] || fail "q from the list of games exits with status 0"

# The join code's prompt: ? explains it (q is a letter of codes there), Esc leaves.
$T kill-session -t ui; forget_last_game
start -w "Join code for" --join 127.0.0.1:9
wait_for "Enter confirm   Esc quit   ? help"
keys '?'
wait_for "The join code"
wait_text "Codes use the letter Q, so q types it here: Esc (or Ctrl-C) is the way out."
keys x
keys -l q7
wait_for "Join code for 127.0.0.1:9 (Esc quits): q7"
keys Escape
[ "$(wait_exit)" = 0 ] || fail "Esc at the join code's prompt leaves with status 0"
