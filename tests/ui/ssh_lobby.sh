#!/usr/bin/env bash
# The SSH front door from end to end (issue 18, docs/server.md): a real sshd (tests/sshd.bash: Debian's
# OpenSSH on a loopback port, its own host key and sshd_config, ExposeAuthInfo on) whose ForceCommand
# runs this build's lobby client on the server's unix socket, as docs/gobblet-sshd.conf has it; the
# client reads the name from ssh's command line ($SSH_ORIGINAL_COMMAND). Liam runs `ssh -t ... Liam` in tmux with his key, lands in the lobby
# (his key registers the name), accepts a bot's seek and plays a move against it, and the bot answers.
# He leaves; logging in again with the same key proves the name without a password, and his match is
# there. The server saw the fingerprint sshd logged and Liam's own address.
#
# Skips (exit 77) only when sshd cannot run here at all (tests/sshd.bash).
source "$(dirname "$0")/lib.bash"
source "$ROOT/tests/sshd.bash"

SERVER="unix:$WORK/lobby.sock"
BOT=""
trap '[ -z "$BOT" ] || kill "$BOT" 2>/dev/null; stop_sshd; stop_server; cleanup' EXIT

# The player's files (the client writes settings and the like) stay in the work folder too.
mkdir -p "$WORK/play"
mark_tutorial_seen "$WORK/play/state"
sshd_setup "env -u LINES -u COLUMNS LC_ALL=C.UTF-8 XDG_STATE_HOME=$WORK/play/state XDG_DATA_HOME=$WORK/play/data XDG_CONFIG_HOME=$WORK/play/config '$MAIN' --lobby '$SERVER'"
ssh-keygen -q -t ed25519 -N '' -C liam -f "$WORK/key_a"
cp "$WORK/key_a.pub" "$SSHD_DIR/authorized_keys"
fp_a=$(ssh-keygen -l -f "$WORK/key_a.pub" | awk '{print $2}')
sshd_start

"$MAIN" --serve --listen "$SERVER" --db "$WORK/server.db" --ssh-user "$(id -un)" 2>"$WORK/server.log" &
SERVER_PID=$!
for i in $(seq 100); do [ -S "$WORK/lobby.sock" ] && break; sleep 0.1; done
[ -S "$WORK/lobby.sock" ] || fail "the server did not start: $(cat "$WORK/server.log")"
"$MAIN" --bot "$SERVER" --name MaxBot --level easy --think 0.1 --seek none 2>"$WORK/bot.log" &
BOT=$!

# ssh_lobby SESSION NAME: Liam's terminal, logged in to sshd with his key, the name on ssh's command line.
ssh_lobby() {
    rm -f "$WORK/$1.status"
    $T has-session -t keep 2>/dev/null || $T new-session -d -s keep "sleep 600"
    $T new-session -d -s "$1" -x 110 -y 32 \
        "env -u LINES -u COLUMNS TERM=tmux-256color $(ssh_command key_a) -t $2; echo \$? > $WORK/$1.status; sleep 60"
}

# Without a name on ssh's command line, the player is told how to give one.
out=$(ssh_as key_a) && fail "a login without a name: [$out]"
expect=$(printf 'gobblet: say the name you play under after the server'"'"'s address: ssh -t %s@SERVER NAME (2 to 20 letters, digits, '"'"'-'"'"' or '"'"'_'"'"', starting with a letter)' "$(id -un)")
[ "$out" = "$expect" ] || fail "without a name: [$out]"
# What the player types is a name, never a command or a flag.
out=$(ssh_as key_a --serve --db /tmp/x.db) && fail "a flag as the name: [$out]"
[ "$out" = "$expect" ] || fail "a flag as the name: [$out]"
out=$(ssh_as key_a 'Liam; touch $WORK/owned') && fail "a command as the name: [$out]"
[ ! -e "$WORK/owned" ] || fail "the name was run as a command"

ssh_lobby liam Liam
wait_in liam "logged in as Liam" 20
grep -qF "lobby: Liam registered with SSH key $fp_a from ssh:127.0.0.1 (unix:uid=$(id -u))" "$WORK/server.log" ||
    fail "the server's log: $(cat "$WORK/server.log")"
grep -qF "$fp_a" "$SSHD_DIR/sshd.log" || fail "sshd logged another fingerprint than $fp_a"
wait_in liam "MaxBot (bot)"
wait_in liam "#1 MaxBot (bot) 1500? casual none official 4x4"
lkeys liam a
wait_in liam "q leave"
wait_in liam "MaxBot (remote computer)"
first_against_computer liam Liam
grep -q "MaxBot: plays" "$WORK/bot.log" || fail "the bot says what it plays: $(cat "$WORK/bot.log")"

# Leave the match and the lobby; ssh ends with the program.
lkeys liam q
wait_in liam "leave the match against MaxBot?"
lkeys liam y
wait_in liam "your match against MaxBot goes on"
lkeys liam q
wait_in liam "quit anyway?"
lkeys liam y
[ "$(wait_in_exit liam)" = 0 ] || fail "ssh's exit status"
lscreen liam | tr -d '\n' | grep -qF "ssh in again as you did, with the name Liam, to take it up" ||
    fail "how to come back through ssh"

# The same key again: the name is proved without a password, and the match opens where it was.
ssh_lobby liam2 Liam
wait_in liam2 "MaxBot (remote computer)" 20
wait_in liam2 "$mine"
grep -qF "lobby: Liam logged in (key) from ssh:127.0.0.1 (unix:uid=$(id -u))" "$WORK/server.log" ||
    fail "the second login by key: $(grep 'lobby: Liam' "$WORK/server.log")"
lkeys liam2 q
wait_in liam2 "leave the match against MaxBot?"
lkeys liam2 y
wait_in liam2 "your match against MaxBot goes on"
lkeys liam2 q
wait_in liam2 "quit anyway?"
lkeys liam2 y
[ "$(wait_in_exit liam2)" = 0 ] || fail "ssh's exit status, the second time"
