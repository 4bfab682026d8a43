#!/usr/bin/env bash
# Keys that arrive together act as typed keys, in order: two moves and a save typed ahead reach the game
# in one write() on a real terminal (a pseudo-terminal of build/pty-run, not tmux, so that nothing can
# split them), and the save holds both moves.
source "$(dirname "$0")/lib.bash"
PTY_RUN=${GOBBLET_PTY_RUN:-$ROOT/build/pty-run}
[ -x "$PTY_RUN" ] || fail "build/pty-run is missing (make builds it with the unit tests)"
mkdir -p "$XDG_STATE_HOME/gobblet" && echo "% seen" > "$XDG_STATE_HOME/gobblet/tutorial.txt"
saves="$XDG_DATA_HOME/gobblet/saves"
# The game switches bracketed paste on once its terminal is set up: from then on keys wait for it.
status=0
env -u LINES -u COLUMNS TERM=xterm-256color LC_ALL=C.UTF-8 "$PTY_RUN" --timeout 60 \
    --expect $'\e[?2004h' --send $'W3B2\rK1C3\rs' --await-file "$saves" --send q -- "$MAIN" \
    > "$WORK/out" 2> "$WORK/err" || status=$?
[ "$status" -eq 0 ] || fail "the game ended with status $status: $(cat "$WORK/err")"
saved=$(ls "$saves"/*.txt) || fail "no save file"
[ "$(grep -cxE 'W3B2|K1C3' "$saved")" -eq 2 ] || fail "the save lacks a move: $(cat "$saved")"
grep -qx W3B2 "$XDG_STATE_HOME/gobblet/autosave.txt" && grep -qx K1C3 "$XDG_STATE_HOME/gobblet/autosave.txt" ||
    fail "the autosave lacks a move"
