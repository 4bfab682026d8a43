#!/usr/bin/env bash
# ./main --game grabble: its own --help, every flag's bad values refused before anything runs (status 2,
# the flag named and what it takes), what cannot start said on stderr (status 1: an unreadable or empty
# word list, a --load file that does not read), --replay and --review of the seed's example game, and the
# program run under the name grabble. (tests/ui/grabble_*.sh show the good values on the screen.)
source "$(dirname "$0")/lib.bash"

help=$("$MAIN" --game grabble --help)
expect_contains "help" "$help" "grabble: Anagrams in real time"
for flag in --player --computers --level --computers-play --blanks --min-length --words --tiles --scoring \
    --clues --tie-window --reveal-pause --last-minute --seed --resume --load --no-color --replay --review \
    --bench; do
    expect_contains "help lists $flag" "$help" "$flag"
done
expect_contains "--game=grabble" "$("$MAIN" --game=grabble --help | head -n 1)" "grabble: Anagrams"
# Gobblet's help names the other game.
expect_contains "gobblet help" "$("$MAIN" --help)" "--game grabble --help lists them"

# refused EXPECTED FLAGS...: status 2 and exactly EXPECTED on stderr, nothing on stdout.
refused() {
    local expected=$1 status=0
    shift
    "$MAIN" --game grabble "$@" >"$WORK/out" 2>"$WORK/err" || status=$?
    expect_eq "status of $*" "$status" 2
    expect_eq "stderr of $*" "$(cat "$WORK/err")" "$expected"
    expect_eq "stdout of $*" "$(cat "$WORK/out")" ""
}
refused "gobblet: --blanks: 'some' is none, sticking or non-sticking" --blanks some
refused "gobblet: --min-length: '1' is a number from 2 to 10" --min-length 1
refused "gobblet: --min-length: 'three' is a number from 2 to 10" --min-length three
refused "gobblet: --tie-window: 6s is out of range; give 0 (the first grab always wins) or 1ms to 5s" --tie-window 6s
refused "gobblet: --reveal-pause: 'soon' is not a time: write 300ms, 7s, 1m or 1m30s" --reveal-pause soon
refused "gobblet: --reveal-pause: 500ms is out of range; give 0 (only players reveal) or 1s to 2m" --reveal-pause 500ms
refused "gobblet: --last-minute: 0s is out of range; give 1s to 10m" --last-minute 0
refused "gobblet: --scoring: 'points' is letters, length-squared or tiles" --scoring points
refused "gobblet: --clues: 'maybe' is on or off" --clues maybe
refused "gobblet: --computers-play: 'sometimes' is same-time (they grab as the people do) or wait (they grab once every person has passed)" --computers-play sometimes
refused "gobblet: --words: give a list's name (american-english) or a file, one word a line" --words ""
"$MAIN" --game grabble --tiles Q99 2>"$WORK/err" && fail "--tiles Q99 accepted"
expect_contains "tiles" "$(cat "$WORK/err")" "gobblet: --tiles: "
refused "gobblet: --player : a player is NAME (a person), computer, computer:LEVEL or NAME=computer:LEVEL" --player ""
refused "gobblet: --player Robo=robot: 'robot' is not a player kind: write NAME=computer or NAME=computer:LEVEL (easy, medium, hard or max)" --player Robo=robot
refused "gobblet: --player computer:huge: 'huge' is not a level: use easy, medium, hard or max" --player computer:huge
refused "gobblet: --player: players: ali appears twice; each player needs a name of their own" --player Ali --player ali
refused "gobblet: --player and --computers: 9 players; a game has 1 to 8" \
    --player A --player B --player C --player D --player E --player F --player G --computers 2
"$MAIN" --game grabble --computers 8 2>"$WORK/err" && fail "--computers 8 accepted"
expect_contains "computers" "$(cat "$WORK/err")" "--computers: Value 8 not in range 0 to 7"
"$MAIN" --game grabble --level huge 2>"$WORK/err" && fail "--level huge accepted"
expect_contains "level" "$(cat "$WORK/err")" "--level: huge not in {easy,medium,hard,max}"
"$MAIN" --game grabble --seed -1 2>"$WORK/err" && fail "--seed -1 accepted"
expect_contains "seed" "$(cat "$WORK/err")" "N is a whole number from 0 to 18446744073709551615, not '-1'"
"$MAIN" --game grabble --resume --load x.txt 2>"$WORK/err" && fail "--resume with --load accepted"
expect_contains "resume" "$(cat "$WORK/err")" "--resume excludes --load"
refused "gobblet: --player cannot be combined with --replay" --replay x.txt --player Ali
refused "gobblet: --replay and --review cannot be combined: each runs on its own, so give one of them" \
    --replay x.txt --review y.txt
refused "gobblet: --white cannot be combined with --game grabble (--game grabble --help lists its flags)" --white Liam
refused "gobblet: 'extra' is not a flag of --game grabble (--game grabble --help lists them)" extra

# What cannot start: status 1, the reason on stderr (before any terminal is needed).
cannot() {
    local expected=$1 status=0
    shift
    "$MAIN" --game grabble "$@" >"$WORK/out" 2>"$WORK/err" </dev/null || status=$?
    expect_eq "status of $*" "$status" 1
    expect_contains "stderr of $*" "$(cat "$WORK/err")" "$expected"
}
cannot "gobblet: --game grabble: word list: cannot read $WORK/none.txt: " --words "$WORK/none.txt"
: > "$WORK/empty.txt"
cannot "the word list is empty: it needs one word a line" --words "$WORK/empty.txt"
printf "Paris\nO'Neil\n" > "$WORK/names.txt"
cannot "the word list has no words of the letters a to z (0 words; 2 lines left out: 2 with capitals)" --words "$WORK/names.txt"
mkdir "$WORK/folder"
cannot "gobblet: --game grabble: word list: cannot read $WORK/folder: it is a folder" --words "$WORK/folder"
cannot "word list: cannot read /dev/zero: it is a device, not a regular file" --words /dev/zero
# A list past its bound (16 MiB) is refused before it is read, never indexed without end.
truncate -s 17M "$WORK/huge.txt"
cannot "word list: cannot read $WORK/huge.txt: " --words "$WORK/huge.txt"
expect_contains "the bound named" "$(cat "$WORK/err")" "16 MiB"
# Without permission to read it (as a user; root reads every file).
if [ "$(id -u)" != 0 ]; then
    printf 'cat\n' > "$WORK/locked.txt"; chmod 000 "$WORK/locked.txt"
    cannot "word list: cannot read $WORK/locked.txt: " --words "$WORK/locked.txt"
fi
cannot "gobblet: --game grabble: --load $WORK/none.txt: cannot read" --load "$WORK/none.txt"
printf '%% grabble game\n%% bag: AB\n' > "$WORK/bad.txt"
cannot "gobblet: --game grabble: --load $WORK/bad.txt: line 1: players: 0 players; a game has 1 to 8" --load "$WORK/bad.txt"

# --replay and --review of the seed's example (tests/fixtures/ali--bala--carol--ding.txt), its word list
# given with --words (the transcript names seed-words.txt).
printf '%s\n' at act cat cats scat acts cast pub cup cups put up teacups catsup cut captures > "$WORK/seed.txt"
SEED="$(fixtures_dir)/ali--bala--carol--ding.txt"
replay=$("$MAIN" --game grabble --replay "$SEED" --words "$WORK/seed.txt")
expect_contains "replay head" "$replay" "Grabble, 2026-11-23 14:03: Ali, Bala, Carol, Ding"
expect_contains "replay CAT" "$replay" "0:04.100  Bala grabbed CAT from A + T + C  (pool -)"
expect_contains "replay TEACUPS" "$replay" "0:22.000  Carol grabbed T-ACUPS from Ali's ACTS + Ding's PU-  (pool -)"
expect_contains "replay scores" "$replay" "Carol 10: T-ACUPS"
expect_contains "replay end" "$replay" "in progress at 0:22.000, 93 tiles in the bag"
grep -q "nobody saw" <<<"$replay" && fail "--replay says what nobody saw"
review=$("$MAIN" --game grabble --review "$SEED" --words "$WORK/seed.txt")
expect_contains "review" "$review" "0:15.000  Ali revealed P  (pool UP)"
expect_contains "review CATSUP" "$review" "          nobody saw CATSUP"
status=0; "$MAIN" --game grabble --replay "$SEED" 2>"$WORK/err" || status=$?
expect_eq "replay without its list" "$status" 1
expect_contains "replay without its list" "$(cat "$WORK/err")" "line 10: seed-words.txt: word list: cannot read"

# The program run as grabble is Grabble; --game gobblet still reaches Gobblet.
ln -s "$MAIN" "$WORK/grabble"
expect_contains "as grabble" "$("$WORK/grabble" --help | head -n 1)" "grabble: Anagrams in real time"
expect_contains "as grabble, gobblet" "$("$WORK/grabble" --game gobblet --help | head -n 1)" "gobblet: "
echo "ok grabble_flags"
