#!/usr/bin/env bash
# The machines that log in as a player, on an 80x24 lobby: Liam sets a password at his desktop (and keeps
# his other machines), logs in with it from his laptop, which keeps a secret of its own; back at the
# desktop, K lists both (this machine, and the laptop with its last use and address); x forgets the
# laptop, after a question, once the desktop has logged in again with the password (the server asks it);
# a new password asks again, and y forgets every other machine. The laptop then needs the password again.
source "$(dirname "$0")/lib.bash"
LOBBY_SIZE=80x24
start_server tcp
start_lobby desktop Liam
wait_in desktop "logged in as Liam"
lkeys desktop P
wait_in desktop "New password for Liam"
lkeys desktop -l "correct horse battery"
lkeys desktop Enter
wait_in desktop "The same password again"
lkeys desktop -l "correct horse battery"
lkeys desktop Enter
wait_in desktop "Forget every other machine of Liam?"
wait_in desktop "y forget them  n keep them"
wait_in desktop "y: every other machine that logs in as Liam needs the new password"
lkeys desktop n
wait_in desktop "your password is set"
lkeys desktop q
[ "$(wait_in_exit desktop)" = 0 ] || fail "the desktop's exit status"
# The laptop has no secret for Liam: the password's line opens at once.
LOBBY_HOME=laptop start_lobby laptop Liam
wait_in laptop "Password of Liam"
lkeys laptop -l "correct horse battery"
lkeys laptop Enter
wait_in laptop "this machine can log in as Liam now"
lkeys laptop q
[ "$(wait_in_exit laptop)" = 0 ] || fail "the laptop's exit status"
# Back at the desktop (its own secret): K lists the two machines.
$T kill-session -t "=desktop"
start_lobby desktop Liam
wait_in desktop "logged in as Liam"
lkeys desktop K
wait_in desktop "Machines that log in as Liam (2): x forgets the one selected, Esc goes"
wait_in desktop "this machine"
wait_in_re desktop "machine #[0-9]+ +last used 20[0-9-]+T[0-9:]+Z from 127\.0\.0\.1"
# Keys that are not the list's say what is.
lkeys desktop p
wait_in desktop "your machines are shown: Up and Down select, x forgets one, Esc goes back"
lkeys desktop Down
lkeys desktop x
wait_in desktop "Forget the machine last used from 127.0.0.1?"
wait_in desktop "once forgotten it must prove Liam again: with the password"
lkeys desktop y
# Logged in by its machine's secret, the desktop is asked for the password first: its line opens, the
# client logs in again with it (in its connection's place), and x asks again.
wait_in desktop "log in with your password to forget a machine"
wait_in desktop "Password of Liam"
lkeys desktop -l "correct horse battery"
lkeys desktop Enter
wait_in desktop "this machine can log in as Liam now"
lkeys desktop K
wait_in desktop "Machines that log in as Liam (2)"
lkeys desktop Down
lkeys desktop x
wait_in desktop "Forget the machine last used from 127.0.0.1?"
lkeys desktop y
wait_in desktop "that machine no longer logs in as Liam: it must prove the name again"
wait_in desktop "Machines that log in as Liam (1)"
# A new password: y forgets every other machine (none left but this one).
lkeys desktop P
lkeys desktop -l "a new battery staple"
lkeys desktop Enter
lkeys desktop -l "a new battery staple"
lkeys desktop Enter
wait_in desktop "Forget every other machine of Liam?"
lkeys desktop y
wait_in desktop "your password is set; 0 other machines forgotten (they must log in with it)"
lkeys desktop Escape
wait_in desktop "Seeks (0)"
lkeys desktop q
[ "$(wait_in_exit desktop)" = 0 ] || fail "the desktop's exit status"
# The laptop was forgotten: its secret no longer logs in.
$T kill-session -t "=laptop"
LOBBY_HOME=laptop start_lobby laptop Liam
wait_in laptop "Liam has a password: log in with it"
wait_in laptop "Password of Liam"
grep -q "set a password and forgot 0 other machines" "$WORK/server.log" || fail "the server's log"
grep -q "Liam forgot secret" "$WORK/server.log" || fail "the server's log of the forgetting"
