# A real sshd for the tests of the SSH front door (sourced after tests/cli/lib.bash or tests/ui/lib.bash,
# which set WORK, fail and MAIN): Debian's OpenSSH server on a loopback port, with its own host key,
# authorized keys and sshd_config in $WORK/sshd, running as the current user (a non-root sshd can only
# log in as the user it runs as, so the tests log in as themselves), ExposeAuthInfo on and the
# ForceCommand the test gives, as docs/server.md's sshd_config block has it.
#
#   sshd_setup FORCECOMMAND    writes the configuration (skips the test when sshd cannot run here)
#   (the test writes $SSHD_DIR/authorized_keys)
#   sshd_start                 starts sshd on a free port: $SSH_PORT
#   ssh_as KEY ARGS...         logs in with $WORK/KEY; ARGS become $SSH_ORIGINAL_COMMAND
#   ssh_command KEY            the ssh command line for $WORK/KEY (for tmux: add -t)
#   stop_sshd                  stops it (the EXIT trap should call it)

SSHD=${GOBBLET_SSHD:-/usr/sbin/sshd}
SSHD_DIR="$WORK/sshd"
SSHD_PID=""
SSH_PORT=""

# skip WHY: the test cannot run here at all; run.sh counts exit status 77 as skipped, not passed.
skip() {
    echo "SKIP: $*"
    exit 77
}

source "$(dirname "${BASH_SOURCE[0]}")/poll.bash"  # wait_until

sshd_setup() {
    local force=$1
    [ -x "$SSHD" ] || skip "no sshd at $SSHD (install openssh-server: make deps-test does)"
    command -v ssh >/dev/null && command -v ssh-keygen >/dev/null ||
        skip "no ssh or ssh-keygen (install openssh-client: make deps-test does)"
    mkdir -p "$SSHD_DIR"
    chmod 700 "$SSHD_DIR"
    ssh-keygen -q -t ed25519 -N '' -C test-host -f "$SSHD_DIR/host_key"
    : >"$SSHD_DIR/authorized_keys"
    # Run as root, sshd wants its privilege separation folder (made by Debian's service when it starts,
    # which a test machine need not have done).
    if [ "$(id -u)" -eq 0 ] && [ ! -d /run/sshd ]; then mkdir -p -m 0755 /run/sshd; fi
    cat >"$SSHD_DIR/sshd_config" <<CONFIG
ListenAddress 127.0.0.1
HostKey $SSHD_DIR/host_key
PidFile $SSHD_DIR/sshd.pid
AuthorizedKeysFile $SSHD_DIR/authorized_keys
StrictModes no
UsePAM no
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
AllowUsers $(id -un)
ExposeAuthInfo yes
ForceCommand $force
DisableForwarding yes
PermitTunnel no
PermitUserRC no
PermitTTY yes
PrintMotd no
PrintLastLog no
CONFIG
    "$SSHD" -t -f "$SSHD_DIR/sshd_config" -o "Port 22" >"$SSHD_DIR/check.log" 2>&1 ||
        skip "sshd cannot run here: $(head -c 300 "$SSHD_DIR/check.log")"
}

# Starts sshd on a free port: tries random ones until one is not taken.
sshd_start() {
    local try port
    for try in 1 2 3 4 5 6 7 8 9 10; do
        port=$((20000 + RANDOM % 40000))
        : >"$SSHD_DIR/sshd.log"
        "$SSHD" -D -e -f "$SSHD_DIR/sshd_config" -o "Port $port" 2>>"$SSHD_DIR/sshd.log" &
        SSHD_PID=$!
        local i
        for ((i = 0; i < 100; i++)); do
            if grep -q "Server listening on 127.0.0.1 port $port" "$SSHD_DIR/sshd.log"; then
                SSH_PORT=$port
                return 0
            fi
            kill -0 "$SSHD_PID" 2>/dev/null || break
            sleep 0.1
        done
        kill "$SSHD_PID" 2>/dev/null
        wait "$SSHD_PID" 2>/dev/null
        SSHD_PID=""
    done
    fail "sshd did not start on any of ten ports: $(tail -n 5 "$SSHD_DIR/sshd.log")"
}

stop_sshd() {
    [ -z "$SSHD_PID" ] || kill "$SSHD_PID" 2>/dev/null
    [ -z "$SSHD_PID" ] || wait "$SSHD_PID" 2>/dev/null
    SSHD_PID=""
}

ssh_command() {
    echo "ssh -F /dev/null -i $WORK/$1 -p $SSH_PORT -o IdentitiesOnly=yes -o StrictHostKeyChecking=no" \
        "-o UserKnownHostsFile=$SSHD_DIR/known_hosts -o LogLevel=ERROR -o ConnectTimeout=10 $(id -un)@127.0.0.1"
}

ssh_as() {
    local key=$1
    shift
    # shellcheck disable=SC2046
    timeout 30 $(ssh_command "$key") -o BatchMode=yes -- "$@" </dev/null 2>&1
}
