#!/usr/bin/env bash
# The SSH front door with a real sshd (docs/server.md, "The SSH front door"): Debian's OpenSSH server on a
# loopback port with its own host key and configuration in a temporary folder, ExposeAuthInfo on, and a
# ForceCommand that runs the lobby client (build/ssh-probe: the client without a screen) on the server's
# unix socket, with the name from the ssh command line. The server believes the client's `ssh` line
# because it runs as the --ssh-user; the fingerprint the client computes must be the one sshd logged.
# A key registers a name and proves it next time; another key is refused; a server that does not trust
# the user believes nothing. sshd can only log in as the user it runs as, so it logs in as us.
#
# Skips (exit 77, counted as skipped) only when sshd cannot run here at all: not installed, or its
# configuration test fails. On this project's machines and CI it runs (openssh-server is in TEST_PKGS).
source "$(dirname "$0")/lib.bash"
PROBE=${GOBBLET_SSH_PROBE:-$ROOT/build/ssh-probe}
[ -x "$PROBE" ] || fail "build/ssh-probe is missing (make builds it with the unit tests)"
source "$ROOT/tests/sshd.bash"

sock="$WORK/lobby.sock" db="$WORK/server.db"
server=""
trap 'stop_sshd; [ -z "$server" ] || kill "$server" 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT

start_server() {  # start_server LOG [--ssh-user USER]
    local log=$1
    shift
    "$MAIN" --serve --listen "unix:$sock" --db "$db" "$@" 2>"$log" &
    server=$!
    wait_until "the server's socket" 20 test -S "$sock"
}
stop_server() {
    kill "$server"
    wait "$server" || fail "the server did not stop cleanly"
    server=""
}

sshd_setup "'$PROBE' 'unix:$sock' \"\$SSH_ORIGINAL_COMMAND\""
ssh-keygen -q -t ed25519 -N '' -C liam -f "$WORK/key_a"
ssh-keygen -q -t ed25519 -N '' -C other -f "$WORK/key_b"
cat "$WORK/key_a.pub" "$WORK/key_b.pub" >"$SSHD_DIR/authorized_keys"
fp_a=$(ssh-keygen -l -f "$WORK/key_a.pub" | awk '{print $2}')
fp_b=$(ssh-keygen -l -f "$WORK/key_b.pub" | awk '{print $2}')
sshd_start
start_server "$WORK/server.log" --ssh-user "$(id -un)"

# The first login of a name with a key registers it with that key.
out=$(ssh_as key_a Liam) || fail "the first login: [$out]"
expect_eq "the first login" "$out" "identity 127.0.0.1 $fp_a
ssh ok welcome: your SSH key can prove your name
welcome Liam new"
# sshd itself says it took that key: the client's fingerprint is OpenSSH's.
grep -qF "Accepted publickey for $(id -un) from 127.0.0.1" "$SSHD_DIR/sshd.log" || fail "sshd's log: $(cat "$SSHD_DIR/sshd.log")"
grep -qF "$fp_a" "$SSHD_DIR/sshd.log" || fail "sshd logged another fingerprint than $fp_a"
expect_contains "the server's log" "$(cat "$WORK/server.log")" "lobby: Liam registered with SSH key $fp_a from ssh:127.0.0.1 (unix:uid=$(id -u))"

# The same key proves the name; another key does not, and says what to do.
out=$(ssh_as key_a Liam) || fail "the second login: [$out]"
expect_contains "the second login" "$out" "welcome Liam key"
out=$(ssh_as key_b LIAM) && fail "another key logged in as Liam: [$out]"
expect_contains "another key" "$out" "refused name-taken the name Liam is registered with another key: set a password there to log in here, or pick another name"
out=$(ssh_as key_b Zoe) || fail "Zoe's first login: [$out]"
expect_contains "Zoe" "$out" "identity 127.0.0.1 $fp_b"
expect_contains "Zoe" "$out" "welcome Zoe new"
expect_contains "the server's log" "$(cat "$WORK/server.log")" "lobby: Liam logged in (key) from ssh:127.0.0.1 (unix:uid=$(id -u))"
expect_contains "the server's log" "$(cat "$WORK/server.log")" "lobby: login as LIAM from ssh:127.0.0.1 (unix:uid=$(id -u)) refused: name-taken"

# A server that does not trust this user believes no key: the client says why and cannot log in by it.
stop_server
start_server "$WORK/server2.log"
out=$(ssh_as key_a Liam) && fail "an untrusted key logged in: [$out]"
expect_contains "untrusted" "$out" "ssh refused this server believes SSH logins only from the account sshd runs the lobby for"
expect_contains "untrusted" "$out" "no way to log in"
expect_contains "the server's log" "$(cat "$WORK/server2.log")" "said it came through sshd: not believed (not an --ssh-user)"
stop_server

# The block docs/server.md tells operators to include says what it should to sshd itself, for the
# account play only (the Match ends with the included file: the rest of sshd_config stays global).
mkdir -p "$WORK/included"
cp "$ROOT/docs/gobblet-sshd.conf" "$WORK/included/gobblet.conf"
{
    echo "Include $WORK/included/*.conf"
    echo "HostKey $SSHD_DIR/host_key"
    echo "PermitTTY no"
} >"$WORK/operator_config"
"$SSHD" -t -f "$WORK/operator_config" || fail "sshd -t refuses docs/gobblet-sshd.conf"
effective=$("$SSHD" -T -f "$WORK/operator_config" -C user=play,host=player.example.org,addr=203.0.113.5)
for line in 'forcecommand /usr/local/bin/gobblet --lobby unix:/run/gobblet/lobby.sock' \
    "exposeauthinfo yes" \
    "disableforwarding yes" "permittty yes" "permituserrc no" "permittunnel no" "authorizedkeysfile none" \
    "authorizedkeyscommand /usr/bin/echo %t %k"; do
    grep -qxF "$line" <<<"$effective" || fail "docs/gobblet-sshd.conf: sshd does not say '$line' for play"
done
others=$("$SSHD" -T -f "$WORK/operator_config" -C user=alice,host=x,addr=203.0.113.5)
grep -qxF "forcecommand none" <<<"$others" || fail "docs/gobblet-sshd.conf reaches other accounts"
grep -qxF "permittty no" <<<"$others" || fail "docs/gobblet-sshd.conf changes other accounts' settings"
echo "ok: the SSH front door with a real sshd"

