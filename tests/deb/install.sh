#!/usr/bin/env bash
# make test-deb: the Debian packages installed on this machine, used, upgraded, removed and purged
# (issue 39). It needs root and a machine where gobblet is not installed (it would purge it), and plays
# systemd's part where systemd does not run (a container): it starts each unit's ExecStart, read from
# the installed unit, as the unit's user with the unit's folders and umask.
#
#   1. installs ./gobblet_V_*.deb and ./gobblet-server_V_all.deb (from make deb) with apt, as the README
#      says, and checks what the packages made: the program and its version, the man page, the users,
#      the folders and their modes, the units (the server's enabled, the bots' not), the sshd block
#      installed but not enabled;
#   2. starts the server's unit command as gobblet and a bot's as gobblet, and lets a player in through
#      the SSH front door on a loopback sshd of its own that includes the installed block (the
#      machine's sshd is left alone): the real lobby client in tmux, as play, reaches the server, and
#      the player's key registers the name;
#   3. upgrades to a version built from the same tree with a higher version: the users, the folders and
#      the database are kept, the new program serves, and the bot proves its name with its kept secret;
#   4. removes them (the database and the bots' secrets are kept, the maintainer script says so) and
#      purges them (both deleted, and said), and compares the machine's files with those before: nothing
#      is left but the users gobblet and play, which Debian keeps on purpose.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=$(mktemp -d)
PIDS=()
T="tmux -L gobblet-deb-$$ -f /dev/null"
INSTALLED=no
RESTORE=""

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
expect_eq() { [ "$2" == "$3" ] || fail "$1: expected [$3], got [$2]"; }
expect_contains() { grep -qF -- "$3" <<<"$2" || fail "$1: [$2] does not contain [$3]"; }
source "$ROOT/tests/poll.bash"
step() { echo "== $*"; }

cleanup() {
    local status=$?
    $T kill-server 2>/dev/null || true
    local pid
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -rf /run/gobblet
    [ -z "$RESTORE" ] || cp "$WORK/changelog.$version" "$RESTORE"
    # A failed run leaves the machine as it found it (but for the users, which Debian keeps).
    if [ "$INSTALLED" = yes ]; then
        echo "(purging the packages this run installed)"
        apt-get -o DPkg::Lock::Timeout=300 purge -y gobblet-server gobblet >/dev/null 2>&1 || true
    fi
    if [ $status -ne 0 ] && [ -n "${KEEP_WORK:-}" ]; then echo "kept $WORK"; else rm -rf "$WORK"; fi
    exit $status
}
trap cleanup EXIT

[ "$(id -u)" -eq 0 ] || fail "make test-deb installs packages on this machine: run it as root"
[ ! -d /run/systemd/system ] ||
    fail "systemd runs here: this test plays systemd's part, and the installed unit would start too; run it in a container"
for p in gobblet gobblet-server; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
    [ -z "$status" ] || [ "$status" = not-installed ] ||
        fail "$p is on this machine already ($status): this test would purge it and its database"
done

version=$(sed -n '1s/^gobblet (\([^)]*\)) .*/\1/p' "$ROOT/debian/changelog")
next="$version+upgradetest1"
arch=$(dpkg --print-architecture)
v1="$WORK/v1" v2="$WORK/v2"
mkdir -p "$v1" "$v2"
cp "$ROOT/gobblet_${version}_$arch.deb" "$ROOT/gobblet-server_${version}_all.deb" "$v1/" ||
    fail "no packages of $version here: make deb builds them"

step "building $next from the same tree (make deb's copy, not cleaned: only the version's file recompiles)"
copy="$ROOT/build-deb/gobblet"
[ -f "$copy/debian/changelog" ] || fail "no $copy: make deb makes it"
{
    printf 'gobblet (%s) unstable; urgency=medium\n\n  * The upgrade of make test-deb.\n\n' "$next"
    printf ' -- %s  %s\n\n' "$(sed -n 's/^ -- \(.*>\)  .*/\1/p' "$copy/debian/changelog" | head -n 1)" "$(date -R)"
    cat "$copy/debian/changelog"
} >"$WORK/changelog"
cp "$copy/debian/changelog" "$WORK/changelog.$version"
RESTORE="$copy/debian/changelog"  # the copy is make deb's again after this build, whatever happens
cp "$WORK/changelog" "$copy/debian/changelog"
# The compiler make deb built with (the first words of the build's flags, build/flags), so that no
# object but the version's is rebuilt (make test-deb CXX="ccache g++" passes it on anyway).
cxx=$(sed -n 's/ -std=c++20 .*//p' "$copy/build/flags")
built=0
(cd "$copy" && CXX=${cxx:-g++} dpkg-buildpackage -us -uc -b -nc -J"$(nproc)") >"$WORK/build-next.log" 2>&1 || built=$?
cp "$WORK/changelog.$version" "$copy/debian/changelog"
RESTORE=""
[ $built -eq 0 ] || fail "building $next: $(tail -n 20 "$WORK/build-next.log")"
grep -c -- ' -c ' "$WORK/build-next.log" | grep -qx 1 ||
    echo "(building $next recompiled $(grep -c -- ' -c ' "$WORK/build-next.log") files, not only the version's)"
cp "$ROOT/build-deb/gobblet_${next}_$arch.deb" "$ROOT/build-deb/gobblet-server_${next}_all.deb" "$v2/"

# The machine's files, but for what changes by itself (logs, caches, apt's and dpkg's own records).
snapshot() {
    { find /etc /usr /var /opt /srv /home /run/gobblet -xdev \
        \( -path /var/log -o -path /var/cache -o -path /var/lib/apt -o -path /var/lib/dpkg -o -path /var/tmp \
        -o -path /var/backups -o -path /etc/ld.so.cache \) -prune -o -print 2>/dev/null || true; } | sort
}
snapshot >"$WORK/before"

step "installing $version with apt"
INSTALLED=yes
apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends "$v1/gobblet_${version}_$arch.deb" \
    "$v1/gobblet-server_${version}_all.deb" >"$WORK/install.log" 2>&1 || fail "apt-get install: $(tail -n 20 "$WORK/install.log")"
expect_eq "the program's version" "$(/usr/games/gobblet --version)" "gobblet $version"
expect_eq "the package's version" "$(dpkg-query -W -f='${Version}' gobblet)" "$version"
expect_eq "the server package's version" "$(dpkg-query -W -f='${Version}' gobblet-server)" "$version"
expect_eq "man -w 6 gobblet" "$(man -w 6 gobblet)" /usr/share/man/man6/gobblet.6.gz
dpkg-query -W -f='${Depends}' gobblet | grep -q wamerican || fail "gobblet does not depend on wamerican"
# The users: gobblet, a system user without a shell, and play, the players' account, in gobblet's group.
IFS=: read -r _ _ gobblet_uid _ gecos home shell < <(getent passwd gobblet) || fail "no user gobblet"
[ "$gobblet_uid" -lt 1000 ] || fail "gobblet is not a system user: uid $gobblet_uid"
expect_eq "gobblet's home and shell" "$home $shell" "/var/lib/gobblet /usr/sbin/nologin"
IFS=: read -r _ _ play_uid _ gecos home shell < <(getent passwd play) || fail "no user play"
expect_eq "play" "$gecos $home $shell" "gobblet players /var/lib/gobblet-play /bin/sh"
expect_eq "the group gobblet's members" "$(getent group gobblet | cut -d: -f4)" play
# The folders, with the units' modes.
expect_eq "/var/lib/gobblet" "$(stat -c '%a %U:%G' /var/lib/gobblet)" "700 gobblet:gobblet"
expect_eq "/var/lib/gobblet-bots" "$(stat -c '%a %U:%G' /var/lib/gobblet-bots)" "700 gobblet:gobblet"
expect_eq "play's home" "$(stat -c '%a %U:%G' /var/lib/gobblet-play)" "755 root:root"
# The units: the server's enabled (systemd starts it at boot), the bots' template left to the operator.
unit=/lib/systemd/system/gobblet-server.service bot_unit=/lib/systemd/system/gobblet-bot@.service
[ -f "$unit" ] && [ -f "$bot_unit" ] || fail "the units are not installed"
expect_eq "the enabled server" "$(readlink /etc/systemd/system/multi-user.target.wants/gobblet-server.service)" "$unit"
[ -z "$(find /etc/systemd -name 'gobblet-bot*')" ] || fail "a bot is enabled: $(find /etc/systemd -name 'gobblet-bot*')"
out=$(SYSTEMD_LOG_LEVEL=warning systemd-analyze verify --man=no "$unit" /lib/systemd/system/gobblet-bot@easy.service 2>&1) ||
    fail "systemd-analyze verify: $out"
[ -z "$out" ] || fail "systemd-analyze verify warns: $out"
# The sshd block: installed, not enabled: the machine's sshd says nothing new for play.
block=/usr/share/gobblet-server/gobblet-sshd.conf
[ -f "$block" ] || fail "no $block"
[ -z "$(grep -rl gobblet /etc/ssh 2>/dev/null)" ] || fail "the package touched /etc/ssh: $(grep -rl gobblet /etc/ssh)"
mkdir -p /run/sshd
grep -qxF "forcecommand none" <<<"$(/usr/sbin/sshd -T -C user=play,host=x,addr=203.0.113.5)" ||
    fail "the machine's sshd runs a ForceCommand for play"
# The docs, and the guide the unit names uncompressed.
for f in /usr/share/doc/gobblet-server/{server.md,lobby.md,network.md,copyright,changelog.gz} \
    /usr/share/doc/gobblet/{manual.md,rules.md,copyright,changelog.gz}; do
    [ -f "$f" ] || fail "no $f"
done

# unit_command UNIT INSTANCE: the unit's ExecStart (its %i made INSTANCE), one word a line.
unit_command() {
    local line
    line=$(sed -n 's/^ExecStart=//p' "$1")
    line=${line//%i/$2}
    eval "printf '%s\n' $line"
}
value() { sed -n "s/^$2=//p" "$1"; }
# run_unit UNIT INSTANCE LOG: starts the unit's command as systemd would without the sandboxing: its
# user, group and supplementary groups, its umask, its runtime folder (made as RuntimeDirectory= does),
# its Environment=, a clean environment with HOME and USER. Its pid is $STARTED.
STARTED=""
run_unit() {
    local u=$1 instance=$2 log=$3 user group runtime cmd=()
    user=$(value "$u" User) group=$(value "$u" Group) runtime=$(value "$u" RuntimeDirectory)
    mapfile -t cmd < <(unit_command "$u" "$instance")
    if [ -n "$runtime" ]; then install -d -m "$(value "$u" RuntimeDirectoryMode)" -o "$user" -g "$group" "/run/$runtime"; fi
    env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME="$(getent passwd "$user" | cut -d: -f6)" USER="$user" \
        LOGNAME="$user" $(value "$u" Environment) \
        setpriv --reuid="$user" --regid="$group" --init-groups --no-new-privs \
        sh -c 'umask "$0"; exec "$@"' "$(value "$u" UMask | grep . || echo 0022)" "${cmd[@]}" </dev/null >"$log" 2>&1 &
    STARTED=$!
    PIDS+=("$STARTED")
}
socket=/run/gobblet/lobby.sock

start_server() {  # start_server LOG
    run_unit "$unit" "" "$1"
    SERVER=$STARTED
    wait_until "the server's socket" 30 test -S "$socket"
}
stop_server() {  # as systemd stops it (KillSignal=SIGTERM): exit 0, and the runtime folder goes
    kill -TERM "$SERVER"
    local status=0
    wait "$SERVER" || status=$?
    expect_eq "the server's exit status after SIGTERM" "$status" 0
    rm -rf /run/gobblet
}

step "the server's unit command as gobblet"
start_server "$WORK/server.log"
expect_eq "the socket" "$(stat -c '%A %U:%G' "$socket")" "srwxrwx--- gobblet:gobblet"
expect_eq "its folder" "$(stat -c '%a %U:%G' /run/gobblet)" "750 gobblet:gobblet"
# Nobody but the server's user and play can reach it (docs/server.md, "The socket: only play may connect").
setpriv --reuid=nobody --regid=nogroup --clear-groups test -w "$socket" && fail "nobody may connect to the socket"
setpriv --reuid=play --regid="$(id -g play)" --init-groups test -w "$socket" || fail "play may not connect to the socket"
grep -q "serving on unix:$socket with /var/lib/gobblet/server.db" "$WORK/server.log" || fail "the server's log: $(cat "$WORK/server.log")"
expect_eq "the database" "$(stat -c '%U:%G' /var/lib/gobblet/server.db)" "gobblet:gobblet"

step "a bot's unit command (gobblet-bot@easy) as gobblet"
run_unit "$bot_unit" easy "$WORK/bot.log"
BOT=$STARTED
wait_until "Bot-easy in the server's log" 30 grep -q "lobby: Bot-easy registered" "$WORK/server.log"
secret=$(find /var/lib/gobblet-bots -type f | head -n 1)
[ -n "$secret" ] || fail "the bot kept no secret in /var/lib/gobblet-bots"
expect_eq "the bot's secret" "$(stat -c '%U' "$secret")" gobblet

step "a player through the SSH front door (a loopback sshd of its own, the installed block included)"
sshd_dir="$WORK/sshd"
mkdir -p "$sshd_dir/included"
cp "$block" "$sshd_dir/included/gobblet.conf"  # as the operator enables it, into sshd's own folder
ssh-keygen -q -t ed25519 -N '' -C host -f "$sshd_dir/host_key"
ssh-keygen -q -t ed25519 -N '' -C liam -f "$WORK/liam"
fp=$(ssh-keygen -l -f "$WORK/liam.pub" | awk '{print $2}')
cat >"$sshd_dir/sshd_config" <<CONFIG
ListenAddress 127.0.0.1
HostKey $sshd_dir/host_key
PidFile $sshd_dir/sshd.pid
UsePAM yes
PasswordAuthentication no
KbdInteractiveAuthentication no
AllowUsers play
PrintMotd no
PrintLastLog no
Include $sshd_dir/included/*.conf
CONFIG
/usr/sbin/sshd -t -f "$sshd_dir/sshd_config" || fail "sshd -t refuses the installed block"
port=""
for try in 1 2 3 4 5 6 7 8 9 10; do
    p=$((20000 + RANDOM % 40000))
    : >"$sshd_dir/sshd.log"
    /usr/sbin/sshd -D -e -f "$sshd_dir/sshd_config" -o "Port $p" 2>>"$sshd_dir/sshd.log" &
    SSHD=$!
    for i in $(seq 50); do
        grep -q "Server listening on 127.0.0.1 port $p" "$sshd_dir/sshd.log" && { port=$p; break; }
        sleep 0.1
    done
    [ -n "$port" ] && break
    kill "$SSHD" 2>/dev/null || true
done
[ -n "$port" ] || fail "sshd did not start: $(tail -n 5 "$sshd_dir/sshd.log")"
PIDS+=("$SSHD")
ssh_cmd="ssh -F /dev/null -i $WORK/liam -p $port -o IdentitiesOnly=yes -o StrictHostKeyChecking=no \
-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o ConnectTimeout=10 -t play@127.0.0.1"
screen_of() { $T capture-pane -p -t "=$1:"; }
wait_screen() {  # wait_screen SESSION TEXT [SECONDS]
    local i
    for i in $(seq $((${3:-20} * 10))); do
        screen_of "$1" | grep -qF -- "$2" && return 0
        sleep 0.1
    done
    echo "--- $1's screen:"; screen_of "$1"; echo "--- sshd:"; tail -n 20 "$sshd_dir/sshd.log"
    echo "--- server:"; tail -n 20 "$WORK/server.log"
    fail "waited in vain on $1's screen for: $2"
}
$T new-session -d -s keep "sleep 600"
$T new-session -d -s liam -x 110 -y 32 "env TERM=tmux-256color $ssh_cmd Liam; echo \$? >$WORK/liam.status; sleep 60"
wait_screen liam "logged in as Liam" 30
grep -qF "lobby: Liam registered with SSH key $fp from ssh:127.0.0.1 (unix:uid=$play_uid)" "$WORK/server.log" ||
    fail "the server's log: $(cat "$WORK/server.log")"
wait_screen liam "Bot-easy (bot)"
$T send-keys -t "=liam:" q  # no match in progress: q leaves at once
wait_until "ssh to end" 10 test -s "$WORK/liam.status"
expect_eq "ssh's exit status" "$(cat "$WORK/liam.status")" 0
[ -z "$(ls -A /var/lib/gobblet-play)" ] || fail "a player left files in play's home: $(ls -A /var/lib/gobblet-play)"

step "upgrading to $next"
kill -TERM "$BOT"
wait "$BOT" || fail "the bot's exit status after SIGTERM"
stop_server
db_before=$(stat -c '%i %s' /var/lib/gobblet/server.db)
apt-get -o DPkg::Lock::Timeout=300 install -y --no-install-recommends "$v2/gobblet_${next}_$arch.deb" "$v2/gobblet-server_${next}_all.deb" \
    >"$WORK/upgrade.log" 2>&1 || fail "apt-get install (upgrade): $(tail -n 20 "$WORK/upgrade.log")"
expect_eq "the program's version" "$(/usr/games/gobblet --version)" "gobblet $next"
expect_eq "the package's version" "$(dpkg-query -W -f='${Version}' gobblet-server)" "$next"
expect_eq "gobblet's uid" "$(id -u gobblet)" "$gobblet_uid"
expect_eq "play's uid" "$(id -u play)" "$play_uid"
expect_eq "the group gobblet's members" "$(getent group gobblet | cut -d: -f4)" play
expect_eq "/var/lib/gobblet" "$(stat -c '%a %U:%G' /var/lib/gobblet)" "700 gobblet:gobblet"
expect_eq "the database" "$(stat -c '%i %s' /var/lib/gobblet/server.db)" "$db_before"
start_server "$WORK/server2.log"
profile=$(setpriv --reuid=gobblet --regid=gobblet --init-groups /usr/games/gobblet --profile Liam \
    --db /var/lib/gobblet/server.db 2>&1) || fail "Liam's profile after the upgrade: $profile"
expect_contains "Liam's profile after the upgrade" "$profile" "Liam"
run_unit "$bot_unit" easy "$WORK/bot2.log"
BOT=$STARTED
wait_until "Bot-easy logged in with its kept secret" 30 grep -q "lobby: Bot-easy logged in (secret)" "$WORK/server2.log"
kill -TERM "$BOT"
wait "$BOT" || fail "the bot's exit status after SIGTERM"
stop_server
kill "$SSHD" && wait "$SSHD" 2>/dev/null || true

step "removing: the database and the bots' secrets are kept"
apt-get -o DPkg::Lock::Timeout=300 remove -y gobblet-server gobblet >"$WORK/remove.log" 2>&1 || fail "apt-get remove: $(tail -n 20 "$WORK/remove.log")"
expect_contains "postrm remove" "$(cat "$WORK/remove.log")" \
    "gobblet-server: kept the database in /var/lib/gobblet and the bots' secrets in /var/lib/gobblet-bots"
[ ! -e /usr/games/gobblet ] || fail "the program is still there"
[ -f /var/lib/gobblet/server.db ] || fail "remove deleted the database"
[ -f "$secret" ] || fail "remove deleted the bots' secret"
expect_eq "gobblet-server after remove" "$(dpkg-query -W -f='${db:Status-Status}' gobblet-server)" config-files

step "purging: they are deleted, and nothing is left but the users"
apt-get -o DPkg::Lock::Timeout=300 purge -y gobblet-server gobblet >"$WORK/purge.log" 2>&1 || fail "apt-get purge: $(tail -n 20 "$WORK/purge.log")"
INSTALLED=no
expect_contains "postrm purge" "$(cat "$WORK/purge.log")" "gobblet-server: deleted the database (/var/lib/gobblet)"
for p in gobblet gobblet-server; do
    status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
    [ -z "$status" ] || [ "$status" = not-installed ] || fail "$p after purge: $status"
done
snapshot >"$WORK/after"
# What came or went, but for the files of other packages (apt may have run beside this test).
others() { while read -r f; do dpkg -S "$f" >/dev/null 2>&1 || echo "$f"; done; }
added=$(comm -13 "$WORK/before" "$WORK/after" | others)
gone=$(comm -23 "$WORK/before" "$WORK/after" | others)
[ -z "$added" ] || fail "left after purge: $added"
[ -z "$gone" ] || fail "gone after purge that was there before: $gone"
getent passwd gobblet >/dev/null && getent passwd play >/dev/null || fail "the users are gone: Debian keeps them"
echo "ok: installed $version, served a bot and a player through sshd, upgraded to $next, removed, purged;" \
    "left: the users gobblet (uid $gobblet_uid) and play (uid $play_uid), as Debian keeps system users"
