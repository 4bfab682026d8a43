#!/usr/bin/env bash
# Every sentence of the Gobblet game fits or wraps at 80x24 (issue 33, item 17): the game in its modes (a
# timed match, a match against the computer reviewed, paused, analysed, a 3x3 game, a network game hosted
# and joined, paused, chatted in), its questions, the settings, the help's every page, the list of games,
# the puzzles and the tutorial. put_text marks every text it cuts short with "…" (no_cut); the parts the
# issue found cut are checked whole besides: the settings' footer, a question's answers, a status line,
# the list of games.
source "$(dirname "$0")/lib.bash"

# A finished match in the saves, whose row in the list of games was cut ("Liam wins the match 2-").
mkdir -p "$XDG_DATA_HOME/gobblet/saves"
cat >"$XDG_DATA_HOME/gobblet/saves/liam--computer.txt" <<'GAME'
% gobblet match
% rules: official
% size: 4
% white: Liam
% black: computer (medium)
% seat white: human
% seat black: computer medium
% first to: 2
% score: Liam 2 - 0 computer (medium)
% round 1: Liam (player 1) plays White
W1A1
K1D4
W2A2
K2D3
W3A3
K3D2
W1A4
% result: Liam wins the round: four in a row on row A
% round 2: computer (medium) (player 2) plays White
W1A1
K1D1
W2A2
K2D2
W3B3
K3D3
W1C4
K1D4
% result: Liam wins the round: four in a row on row D
% match result: Liam wins the match 2-0
GAME

# A timed match between two people.
start -x 80 -y 24 --white Liam --black Eamon --first-to 3 --turn-time 2m --reserve 5m --reserve-chunk 30s
no_cut "the start of a timed match"
type_move W1A1
wait_moves "1. W1A1"
no_cut "a move played"
# The settings: its footer whole in the box (it ended "? help   q"), above the screen's own footer.
keys m
wait_for "Computer level"
[ "$(screen | grep -c 'q quit')" -ge 2 ] || fail "the settings' footer ends with q quit in its box"
no_cut "the settings"
keys Escape
wait_for "Move:"
# Every page of the help.
keys '?'
wait_for "gobblet help: official rules, 4x4"
for i in $(seq 8); do
    no_cut "the help, page $i"
    keys NPage
    sleep 0.2
done
keys Escape
wait_for "Move:"
# The puzzles over the timed match: the note on its clocks whole (it was cut at "and they").
keys P
wait_text "the game's clocks stand here, and run again when q goes back to the game"
no_cut "the puzzles over a timed match"
keys q
wait_text "the game's clocks run again"
# The questions: each answer whole (the new game's ended "d drop this one and start").
keys n
wait_for "d drop this one and start a new one"
no_cut "the new game's question"
keys Escape
wait_for "Move:"
keys R
wait_for "y resign"
no_cut "the resignation's question"
keys n
wait_for "play goes on"
keys =
wait_for "y accept the draw"
no_cut "a draw offered"
keys Escape
wait_for "Move:"
keys p
wait_for "PAUSED"
no_cut "a paused match"
keys p
wait_for "resumed"
# The list of games: the finished match's row whole.
keys o
wait_for "Saved and archived games"
wait_for "Liam - computer (medium)  Liam wins the match 2-0"
no_cut "the list of games"
keys Escape
stop_game
forget_last_game

# Against the computer, reviewed: the status line says what Enter does and whose move it is, wrapped
# onto the line above it when it is longer than the screen (it was cut).
start -x 80 -y 24 --black computer --level easy --seed 1
type_move W1A1
wait_re "computer \(easy\) played"
wait_for "White to move"
keys '<'
wait_for "REVIEW at the start"
keys '>'
wait_text "REVIEW at 1. W1A1: Enter lets the computer play from here"
wait_text "computer (easy, Black) to move"
no_cut "a review where the computer is to move"
keys End
wait_for "White to move"
keys i
wait_re "Analysis  depth [0-9]+"
no_cut "the analysis"
keys i
keys '!'
wait_for "hint:"
no_cut "a hint"
stop_game
forget_last_game

# Gobblet Jr.
start -x 80 -y 24 --size 3 --rules rogers --white Liam --black Eamon
no_cut "a 3x3 game"
stop_game
forget_last_game

# A network game: the host waiting, then both boards, a pause offered and agreed, a chat line.
start -x 80 -y 24 --host 127.0.0.1:0 --code ABCD-1234 --white Bartholomew --first-to 3 --game-time 5m \
    --increment 2s
wait_for "waiting for a player, code ABCD-1234"
no_cut "a host waiting"
port=$(host_port)
start_peer -x 80 -y 24 --join "127.0.0.1:$port" --code abcd1234 --black Maximiliana
wait_peer "the game starts; you play Black"
wait_for "Maximiliana is here"
no_cut "the host's board"
no_cut "the joiner's board" peer
type_move W1A1
wait_peer "Bartholomew played W1A1"
peer_keys p
wait_for "Maximiliana offers a pause"
no_cut "a pause offered"
keys p
wait_for "PAUSED"
no_cut "a network game paused"
peer_keys Tab
wait_peer "Say:"
peer_keys -l "good luck to you, and may the better player win this long match of ours today"
wait_peer "match of ours today"
peer_keys Enter
wait_text "Maximiliana: good luck to you, and may the better player win"
no_cut "a chat line"
keys C-c  # a live timed network game asks first
wait_for "quit the game against Maximiliana?"
no_cut "the question on quitting a network game"
$T kill-session -t ui
$T kill-session -t peer
forget_last_game

# The puzzles and the tutorial.
start -x 80 -y 24 -w "q leave" --puzzles official
wait_for "puzzle 1 of"
no_cut "the puzzles"
keys s
wait_for "solution"
no_cut "a puzzle's solution"
stop_game
start -x 80 -y 24 -w "Esc q skip" --tutorial
wait_for "Tutorial, step 1 of 5"
no_cut "the tutorial"
