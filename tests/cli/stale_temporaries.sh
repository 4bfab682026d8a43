#!/usr/bin/env bash
# A save stopped by a kill leaves a hidden ".NAME.txt.XXXXXX" behind: the game and the protocol remove
# such files older than a minute from the folders they write as they start, and nothing else.
source "$(dirname "$0")/lib.bash"
state=$XDG_STATE_HOME/gobblet saves=$XDG_DATA_HOME/gobblet/saves
mkdir -p "$state" "$saves"
make_files() {
    for f in "$state/.autosave.txt.Ab3xYz" "$saves/.game-20261122-140301.txt.q1W2e3" "$saves/game-20261122-140301.txt"; do
        echo W1A1 >"$f"
        touch -d '2 minutes ago' "$f"
    done
    echo W1A1 >"$state/.autosave.txt.Fresh1"  # a save in progress in another session
}
make_files
printf 'quit\n' | "$MAIN" --gtp >/dev/null
[ -e "$state/.autosave.txt.Ab3xYz" ] && fail "the protocol left a stale autosave temporary"
[ -e "$saves/.game-20261122-140301.txt.q1W2e3" ] && fail "the protocol left a stale save temporary"
[ -e "$state/.autosave.txt.Fresh1" ] || fail "a fresh temporary was removed"
[ -e "$saves/game-20261122-140301.txt" ] || fail "a save was removed"
make_files
"$MAIN" </dev/null >/dev/null 2>&1 && fail "the game without a terminal must fail"
[ -e "$state/.autosave.txt.Ab3xYz" ] && fail "the game left a stale autosave temporary"
[ -e "$saves/game-20261122-140301.txt" ] || fail "a save was removed"
# Grabble's autosaves have a folder of their own: cleaned too.
mkdir -p "$state/grabble"
echo "% grabble game" >"$state/grabble/.autosave.txt.Gr4bbl"
touch -d '2 minutes ago' "$state/grabble/.autosave.txt.Gr4bbl"
"$MAIN" --game grabble </dev/null >/dev/null 2>&1 && fail "grabble without a terminal must fail"
[ -e "$state/grabble/.autosave.txt.Gr4bbl" ] && fail "grabble left a stale autosave temporary"
exit 0
