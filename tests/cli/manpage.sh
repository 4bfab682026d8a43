#!/usr/bin/env bash
# The man page renders without warnings, and documents every flag that --help lists.
source "$(dirname "$0")/lib.bash"
page="$ROOT/docs/gobblet.6"
warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
[ -z "$warnings" ] || fail "groff warns: $warnings"
rendered=$(MANWIDTH=80 man -l "$page" 2>&1)
expect_contains "man -l" "$rendered" "GOBBLET(6)"
expect_contains "man -l" "$rendered" "KEYS"
for flag in $("$MAIN" --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
    [ "$flag" = "--help" ] && continue
    grep -qF -- "${flag//-/\\-}" "$page" || fail "the man page does not document $flag"
done
# ... and Grabble's own command line, in its section.
grabble_section=$(sed -n '/^\.SS Grabble (/,/^\.SS /p' "$page")
for flag in $("$MAIN" --game grabble --help | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
    case $flag in --help | --version | --game) continue ;; esac
    grep -qF -- "${flag//-/\\-}" <<<"$grabble_section" || fail "the man page's Grabble options do not document $flag"
done
# The header's version is the program's (engine/version.h): --version and the protocol's `version` say it.
expect_eq "the man page's version" "$(sed -n 's/^\.TH GOBBLET 6 "[^"]*" "\([^"]*\)".*/\1/p' "$page")" \
    "$("$MAIN" --version)"
expect_eq "the protocol's version" "$(printf 'version\nquit\n' | "$MAIN" --gtp | head -n 1)" \
    "= $("$MAIN" --version | sed 's/^gobblet //')"
# make install puts it in section 6, and uninstall takes it away again (-o main: the program as built;
# with other flags than the build's, CXX="ccache g++" say, make would rebuild the whole tree first).
make -s -C "$ROOT" -o main install DESTDIR="$WORK/root" PREFIX=/usr >/dev/null
[ -x "$WORK/root/usr/bin/gobblet" ] || fail "installed binary"
# Installed as grabble too, which opens Grabble (its own --help), with the man page under that name.
[ "$(readlink "$WORK/root/usr/bin/grabble")" = gobblet ] || fail "the grabble link"
# (The help is read whole: `| head -n 1` under pipefail fails whenever the program writes after head left.)
help=$("$WORK/root/usr/bin/grabble" --help)
[[ $help == "grabble: Anagrams"* ]] || fail "grabble --help is not Grabble's"
help=$("$WORK/root/usr/bin/grabble" --game gobblet --help)
[[ $help == "gobblet: "* ]] || fail "grabble --game gobblet"
[ "$(readlink "$WORK/root/usr/share/man/man6/grabble.6")" = gobblet.6 ] || fail "the grabble man page link"
[ -f "$WORK/root/usr/share/man/man6/gobblet.6" ] || fail "installed man page"
# ... and what a server's operator needs, its paths made to fit the prefix (docs/server.md, "Installing").
unit="$WORK/root/usr/lib/systemd/system/gobblet-server.service"
[ -f "$unit" ] || fail "installed systemd unit"
grep -q '^ExecStart=/usr/bin/gobblet --serve --listen unix:/run/gobblet/lobby.sock ' "$unit" || fail "the unit's ExecStart: $(grep ExecStart "$unit")"
grep -q '^ExecStart=/usr/bin/gobblet --bot ' "$WORK/root/usr/lib/systemd/system/gobblet-bot@.service" || fail "the bots' unit"
grep -qxF '    ForceCommand /usr/bin/gobblet --lobby unix:/run/gobblet/lobby.sock' "$WORK/root/usr/share/doc/gobblet/gobblet-sshd.conf" || fail "the sshd_config block"
for doc in server.md lobby.md network.md; do [ -f "$WORK/root/usr/share/doc/gobblet/$doc" ] || fail "installed $doc"; done
make -s -C "$ROOT" uninstall DESTDIR="$WORK/root" PREFIX=/usr >/dev/null
[ ! -e "$WORK/root/usr/share/man/man6/gobblet.6" ] || fail "uninstall leaves the man page"
[ ! -e "$WORK/root/usr/bin/grabble" ] && [ ! -L "$WORK/root/usr/bin/grabble" ] || fail "uninstall leaves grabble"
[ ! -e "$unit" ] || fail "uninstall leaves the systemd unit"
[ ! -e "$WORK/root/usr/share/doc/gobblet" ] || fail "uninstall leaves the docs"
