#!/usr/bin/env bash
# The lobby's connection and terminal: a server that is not there yet is tried again with a count-down (r
# tries at once) until it comes; a server that stops is waited for, and the login repeats by itself when
# it is back, the player's match still listed; a tiny terminal gets a message instead of the lobby; bad
# flags are refused with the reason and exit status 2; a guest is ~NAME and cannot set a password.
source "$(dirname "$0")/lib.bash"
SERVER="unix:$WORK/lobby.sock"
start_lobby liam Liam
wait_in liam "reconnecting in"
wait_in liam "nothing is lost"
start_server unix
lkeys liam r
wait_in liam "logged in as Liam" 40
start_lobby eamon Eamon --guest
wait_in eamon "logged in as ~Eamon"
wait_in liam "~Eamon"
lkeys eamon P
wait_in eamon "a guest has no password"
lscreen eamon | grep -q "New password" && fail "a guest sets no password"
# The server stops (a bye: come back later), then starts again on its database.
stop_server
wait_in liam "reconnecting in"
wait_in eamon "reconnecting in"
start_server unix
lkeys liam r
lkeys eamon r
wait_in liam "logged in as Liam" 40
wait_in eamon "logged in as ~Eamon" 40
wait_in liam "Players (2)"
# A tiny terminal: a message, not a broken lobby; a bigger one brings the lobby back.
$T resize-window -t "=liam:" -x 40 -y 10
wait_in liam "the lobby needs"; wait_in liam "at least 60x16. Make it larger"
$T resize-window -t "=liam:" -x 100 -y 30
wait_in liam "logged in as Liam"
lkeys liam q
[ "$(wait_in_exit liam)" = 0 ] || fail "the exit status"
# Flags.
refused() {  # refused MESSAGE ARGS...
    local message=$1 got=0
    shift
    "$MAIN" "$@" >"$WORK/out" 2>"$WORK/err" </dev/null || got=$?
    [ "$got" = 2 ] || fail "status of $* is $got"
    grep -qF -- "$message" "$WORK/err" || fail "message of $*: $(cat "$WORK/err")"
}
refused "--lobby needs --name NAME" --lobby 127.0.0.1:7300
refused "--name 9lives: 2 to 20 letters" --lobby 127.0.0.1:7300 --name 9lives
refused "--lobby 127.0.0.1: " --lobby 127.0.0.1 --name Liam
refused "--lobby 127.0.0.1:0: give the server's host and port" --lobby 127.0.0.1:0 --name Liam
refused "--guest goes with --lobby" --guest
refused "--join cannot be combined with --lobby" --lobby 127.0.0.1:7300 --name Liam --join 127.0.0.1:7000
refused "--serve and --lobby cannot be combined" --lobby 127.0.0.1:7300 --name Liam --serve
refused "--seek cannot be combined with --lobby" --lobby 127.0.0.1:7300 --name Liam --seek none
