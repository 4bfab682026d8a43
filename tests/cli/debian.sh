#!/usr/bin/env bash
# The Debian packaging (debian/) agrees with the program and with itself, without building the packages
# (`make deb` builds them; `make test-deb` installs, upgrades and purges them: tests/deb/install.sh):
# the one version, what the Makefile's install target gives with the packages' paths against what the
# packages take, the units against the users and folders the package makes, the sshd block the package
# ships as sshd reads it, and what the maintainer scripts do.
source "$(dirname "$0")/lib.bash"
deb="$ROOT/debian"

# One version: debian/changelog's top entry is the program's and the packages' (native: no revision).
version=$(sed -n '1s/^gobblet (\([^)]*\)) .*/\1/p' "$deb/changelog")
[ -n "$version" ] || fail "debian/changelog's first line: $(head -n 1 "$deb/changelog")"
expect_eq "--version" "$("$MAIN" --version)" "gobblet $version"
expect_eq "dpkg-parsechangelog" "$(cd "$ROOT" && dpkg-parsechangelog -S Version)" "$version"
expect_eq "the source format" "$(cat "$deb/source/format")" "3.0 (native)"
[[ $version != *-* ]] || fail "a native package's version has no Debian revision: $version"

# The install target with the paths debian/rules gives it (one place: its INSTALL_PATHS), of the program
# as built (-o main: as in manpage.sh).
mapfile -t paths < <(sed -n '/^INSTALL_PATHS *=/,/[^\\]$/p' "$deb/rules" | sed 's/^INSTALL_PATHS *= *//; s/\\$//' |
    tr ' ' '\n' | grep .)
[ "${#paths[@]}" -ge 5 ] || fail "debian/rules: no INSTALL_PATHS"
tmp="$WORK/tmp"
make -s -C "$ROOT" -o main install DESTDIR="$tmp" "${paths[@]}" >/dev/null || fail "make install ${paths[*]}"
# What dh_install and dh_missing do: every path a .install names is there, and every file is taken.
listed() { grep -hv '^#' "$deb/gobblet.install" "$deb/gobblet-server.install" | grep . | sort; }
installed=$(cd "$tmp" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort)
missing=$(comm -23 <(listed) <(echo "$installed"))
untaken=$(comm -13 <(listed) <(echo "$installed"))
[ -z "$missing" ] || fail "debian/*.install name what make install does not give: $missing"
[ -z "$untaken" ] || fail "make install gives what no package takes (debian/*.install): $untaken"
grep -qx 'usr/games/gobblet' "$deb/gobblet.install" || fail "gobblet does not take /usr/games/gobblet"
grep -qx 'usr/share/man/man6/gobblet.6' "$deb/gobblet.install" || fail "gobblet does not take its man page"
# Grabble is the same program under its own name, with the man page under that name too.
expect_eq "the grabble link" "$(readlink "$tmp/usr/games/grabble")" gobblet
expect_eq "grabble's man page" "$(readlink "$tmp/usr/share/man/man6/grabble.6")" gobblet.6
cmp -s "$tmp/usr/games/gobblet" "$ROOT/main" || fail "make install did not install ./main as /usr/games/gobblet"
# The guides are dh_installdocs', as they are: the units' Documentation= names one of them.
for doc in server.md lobby.md network.md; do
    grep -qx "docs/$doc" "$deb/gobblet-server.docs" || fail "gobblet-server.docs lacks docs/$doc"
done

# The units as the package installs them.
server="$tmp/lib/systemd/system/gobblet-server.service"
bot="$tmp/lib/systemd/system/gobblet-bot@.service"
value() { sed -n "s/^$2=//p" "$1"; }
exec_start=$(value "$server" ExecStart)
[[ $exec_start == "/usr/games/gobblet --serve "* ]] || fail "the server's ExecStart: $exec_start"
[[ $(value "$bot" ExecStart) == "/usr/games/gobblet --bot "* ]] || fail "the bots' ExecStart: $(value "$bot" ExecStart)"
for unit in "$server" "$bot"; do
    expect_eq "$(basename "$unit")'s Documentation" "$(value "$unit" Documentation)" \
        "man:gobblet(6) file:/usr/share/doc/gobblet-server/server.md"
done
socket=$(grep -oE -- '--listen unix:[^ ]+' <<<"$exec_start" | cut -d: -f2)
ssh_user=$(grep -oE -- '--ssh-user [^ ]+' <<<"$exec_start" | cut -d' ' -f2)
expect_eq "the socket's folder" "$(dirname "$socket")" "/run/$(value "$server" RuntimeDirectory)"
expect_eq "the server's database folder" "$(grep -oE -- '--db [^ ]+' <<<"$exec_start" | cut -d' ' -f2 | xargs dirname)" \
    "/var/lib/$(value "$server" StateDirectory)"

# The users the units run as and the account sshd lets players in as are the package's
# (gobblet-server.sysusers), and the folders the units give modes to have those modes from the package
# too (gobblet-server.tmpfiles): systemd makes them as the unit starts, the package as it is installed.
sysusers="$deb/gobblet-server.sysusers" tmpfiles="$deb/gobblet-server.tmpfiles"
declared_user() { grep -qE "^u $1 " "$sysusers"; }
for unit in "$server" "$bot"; do
    user=$(value "$unit" User) group=$(value "$unit" Group)
    declared_user "$user" || fail "$(basename "$unit") runs as $user, which the package does not make"
    expect_eq "$(basename "$unit")'s group" "$group" "$user"
    dir=$(value "$unit" StateDirectory) mode=$(value "$unit" StateDirectoryMode)
    grep -qxE "d /var/lib/$dir +$mode +$user +$group +-" "$tmpfiles" ||
        fail "gobblet-server.tmpfiles does not make /var/lib/$dir $mode $user:$group as $(basename "$unit") does"
done
declared_user "$ssh_user" || fail "the server trusts --ssh-user $ssh_user, which the package does not make"
grep -qx "m $ssh_user $(value "$server" Group)" "$sysusers" ||
    fail "$ssh_user is not made a member of $(value "$server" Group) (the socket's group)"
home=$(sed -n "s/^u $ssh_user - \"[^\"]*\" \([^ ]*\) .*/\1/p" "$sysusers")
grep -qxE "d $home +0755 +root +root +-" "$tmpfiles" || fail "the players' home $home is not made root's"
grep -qE '^u play - "gobblet players" ' "$sysusers" || fail "the players' account is not named as preinst expects"

# systemd's own tools read the files as they will on the machine (a root of their own here).
sysroot="$WORK/sysroot"
mkdir -p "$sysroot/etc"
systemd-sysusers --root="$sysroot" "$sysusers" 2>/dev/null || fail "systemd-sysusers refuses $sysusers"
grep -qE '^gobblet:x:[0-9]+:[0-9]+:gobblet server:/var/lib/gobblet:/usr/sbin/nologin$' "$sysroot/etc/passwd" ||
    fail "the user gobblet: $(cat "$sysroot/etc/passwd")"
grep -qE '^play:x:[0-9]+:[0-9]+:gobblet players:/var/lib/gobblet-play:/bin/sh$' "$sysroot/etc/passwd" ||
    fail "the user play: $(cat "$sysroot/etc/passwd")"
grep -qE '^gobblet:x:[0-9]+:play$' "$sysroot/etc/group" || fail "the group gobblet: $(cat "$sysroot/etc/group")"
systemd-tmpfiles --root="$sysroot" --create "$tmpfiles" || fail "systemd-tmpfiles refuses $tmpfiles"
gobblet_uid=$(awk -F: '$1 == "gobblet" {print $3}' "$sysroot/etc/passwd")
expect_eq "/var/lib/gobblet" "$(stat -c '%a %u' "$sysroot/var/lib/gobblet")" "700 $gobblet_uid"
expect_eq "/var/lib/gobblet-bots" "$(stat -c '%a %u' "$sysroot/var/lib/gobblet-bots")" "700 $gobblet_uid"
expect_eq "/var/lib/gobblet-play" "$(stat -c '%a %u' "$sysroot/var/lib/gobblet-play")" "755 0"
# systemd-analyze reads the units in the staged tree as systemd would (every setting parsed, the program
# they start there), beside this machine's own units (the targets they name).
mkdir -p "$tmp/usr/lib/systemd"
cp -r /usr/lib/systemd/system "$tmp/usr/lib/systemd/"
out=$(SYSTEMD_LOG_LEVEL=warning systemd-analyze verify --root="$tmp" --man=no \
    "$server" "$(dirname "$bot")/gobblet-bot@easy.service" 2>&1) || fail "systemd-analyze verify: $out"
[ -z "$out" ] || fail "systemd-analyze verify warns: $out"

# The sshd block the package ships, not enabled: copied into sshd's folder as the operator does
# (docs/server.md, "Installing"), sshd reads it as the front door for play only.
block="$tmp/usr/share/gobblet-server/gobblet-sshd.conf"
grep -qxF "Match User $ssh_user" "$block" || fail "the sshd block is not for $ssh_user: $(grep Match "$block")"
SSHD=/usr/sbin/sshd
mkdir -p "$WORK/included"
cp "$block" "$WORK/included/gobblet.conf"
ssh-keygen -q -t ed25519 -N '' -f "$WORK/host_key"
printf 'Include %s/included/*.conf\nHostKey %s/host_key\n' "$WORK" "$WORK" >"$WORK/sshd_config"
# Run as root, sshd wants its privilege separation folder (tests/sshd.bash makes it the same way).
if [ "$(id -u)" -eq 0 ] && [ ! -d /run/sshd ]; then mkdir -p -m 0755 /run/sshd; fi
"$SSHD" -t -f "$WORK/sshd_config" || fail "sshd -t refuses the packaged block"
effective=$("$SSHD" -T -f "$WORK/sshd_config" -C user=play,host=player.example.org,addr=203.0.113.5)
grep -qxF "forcecommand /usr/games/gobblet --lobby unix:$socket" <<<"$effective" ||
    fail "the packaged block's ForceCommand: $(grep forcecommand <<<"$effective")"
grep -qxF "forcecommand none" <<<"$("$SSHD" -T -f "$WORK/sshd_config" -C user=alice,host=x,addr=203.0.113.5)" ||
    fail "the packaged block reaches other accounts"

# preinst: an account play that is not the gobblet players' is refused, with what to do.
fake="$WORK/fake-bin"
mkdir -p "$fake"
preinst() {  # preinst PASSWD-LINE-OF-PLAY ARGS... (an empty line: no such account)
    printf '#!/bin/sh\n[ "$1 $2" = "passwd play" ] || exit 2\n[ -n "%s" ] || exit 2\necho "%s"\n' "$1" "$1" >"$fake/getent"
    chmod +x "$fake/getent"
    shift
    PATH="$fake:$PATH" sh "$deb/gobblet-server.preinst" "$@" 2>&1
}
out=$(preinst "" install) || fail "preinst without an account play: $out"
out=$(preinst "play:x:998:998:gobblet players:/var/lib/gobblet-play:/bin/sh" install) || fail "preinst, the package's play: $out"
out=$(preinst "play:x:1001:1001:gobblet players,,,:/home/play:/bin/bash" install) || fail "preinst, the manual steps' play: $out"
out=$(preinst "play:x:998:998:gobblet players:/var/lib/gobblet-play:/bin/sh" upgrade 0.1.0) || fail "preinst upgrade: $out"
out=$(preinst "play:x:1002:1002:Paula Lay,,,:/home/play:/bin/bash" install) && fail "preinst let Paula Lay's play in: $out"
expect_contains "preinst's refusal" "$out" "this machine has an account 'play' already (\"Paula Lay,,,\")"
expect_contains "preinst's refusal" "$out" "Rename or remove it"

# postrm: remove keeps the data and says so; purge deletes it, and nothing else, and says so.
root="$WORK/dpkg-root"
mkdir -p "$root/var/lib/gobblet" "$root/var/lib/gobblet-bots/gobblet/lobby" "$root/var/lib/gobblet-play" "$root/var/lib/other"
echo db >"$root/var/lib/gobblet/server.db"
echo secret >"$root/var/lib/gobblet-bots/gobblet/lobby/secret"
out=$(DPKG_ROOT="$root" sh "$deb/gobblet-server.postrm" remove) || fail "postrm remove: $out"
expect_contains "postrm remove" "$out" "kept the database in /var/lib/gobblet"
[ -f "$root/var/lib/gobblet/server.db" ] && [ -f "$root/var/lib/gobblet-bots/gobblet/lobby/secret" ] ||
    fail "postrm remove deleted the data"
out=$(DPKG_ROOT="$root" sh "$deb/gobblet-server.postrm" purge) || fail "postrm purge: $out"
expect_contains "postrm purge" "$out" "deleted the database (/var/lib/gobblet)"
expect_eq "what purge leaves in /var/lib" "$(ls "$root/var/lib")" "other"
[[ $out != *sshd_config.d* ]] || fail "postrm speaks of an sshd block nobody enabled: $out"
# An sshd block the operator enabled is theirs: left, and named.
mkdir -p "$root/etc/ssh/sshd_config.d"
echo "Match User play" >"$root/etc/ssh/sshd_config.d/gobblet.conf"
out=$(DPKG_ROOT="$root" sh "$deb/gobblet-server.postrm" remove) || fail "postrm remove: $out"
expect_contains "postrm remove" "$out" "/etc/ssh/sshd_config.d/gobblet.conf, your copy of the sshd block, is still there"
[ -f "$root/etc/ssh/sshd_config.d/gobblet.conf" ] || fail "postrm removed the operator's sshd block"

# The game's package depends on what running the program needs beyond the build (the Makefile's
# RUN_PKGS: Grabble's word lists); the server's on the game of its own version.
control=$(cat "$deb/control")
game_depends=$(awk '/^Package: gobblet$/ {on = 1} on && /^Depends:/ {d = 1} d && /^[^ ]/ && !/^Depends:/ {exit} d' \
    "$deb/control" | tr -d ' ,' | sed 's/^Depends://')
run_pkgs=$(sed -n 's/^RUN_PKGS *:= *\$(BUILD_PKGS) *//p' "$ROOT/Makefile")
[ -n "$run_pkgs" ] || fail "the Makefile's RUN_PKGS"
for p in $run_pkgs; do grep -qx "$p" <<<"$game_depends" || fail "gobblet does not depend on $p (RUN_PKGS): [$game_depends]"; done
expect_contains "gobblet-server's Depends" "$control" "gobblet (>= \${source:Version}),"
echo "ok: debian/ agrees with the program and with itself ($version)"
