#!/usr/bin/env bash
# Grabble's word lists come with the program: `make run` and `make test` install the Debian packages of the
# default list (wamerican: american-english) and of the easy computer's common words (wamerican-small)
# when they are missing, as they do the build's; the Debian package depends on both
# (tests/cli/debian.sh). And with them installed, Grabble starts on its default list.
source "$(dirname "$0")/lib.bash"
for target in deps deps-test; do
    pkgs=$(make -s -n -C "$ROOT" "$target" | grep -oE 'for p in [^;]*' | head -n 1)
    for p in wamerican wamerican-small; do
        grep -qw -- "$p" <<<"$pkgs" || fail "make $target does not install $p: [$pkgs]"
    done
done
grep -qx 'run: deps' "$ROOT/Makefile" || fail "make run does not install its packages first (run: deps)"
grep -qx 'test: deps-test' "$ROOT/Makefile" || fail "make test does not install its packages first (test: deps-test)"
# The lists themselves, as the packages install them.
for list in american-english american-english-small; do
    [ -r "/usr/share/dict/$list" ] || fail "/usr/share/dict/$list is missing: make test installs it (wamerican)"
done
# A game on the default list (no word list named): CAT is a word of it.
cat > "$WORK/game.txt" <<'TRANSCRIPT'
% grabble game
% player 1: You, human
% tiles: A1:1 C1:3 T1:1
% bag: CAT
0:01.000 You reveals C
0:02.000 You reveals A
0:03.000 You reveals T
0:04.000 You grabs CAT: made
% time: 0:05.000
TRANSCRIPT
out=$("$MAIN" --game grabble --replay "$WORK/game.txt")
expect_contains "the default list" "$out" "You grabbed CAT from C + A + T"
echo "ok grabble_packages"
