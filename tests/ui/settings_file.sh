# The settings chosen in the menu (level, think time, speed, colours, board lines, coach) are kept in
# $XDG_CONFIG_HOME/gobblet/settings and come back on the next start; flags win over the file; unknown
# lines are kept when it is rewritten; a bad value is said on the screen with its line and ignored; an
# unwritable config folder is a message, and the game goes on.
source "$(dirname "$0")/lib.bash"
file=$XDG_CONFIG_HOME/gobblet/settings
colours() { $T capture-pane -p -e -t ui | grep -cE $'\e\\[([0-9;]*;)?(3[0-7]|4[0-7]|38;5;[0-9]+)m'; }

start
[ ! -e "$file" ] || fail "no settings file before a setting is chosen"
keys m
wait_for "Computer level"
keys Right                      # level: medium -> hard
wait_re "Computer level +hard"
keys Down Right                 # think time: 1s -> 2s
wait_re "Think time a move \(max level\) +2s"
keys Down Down Down Right       # speed: normal -> slow
wait_re "Speed when the computer plays itself +slow"
keys Down Down Down Right       # colours off
wait_for "colours off: the sides stay distinct by their brackets"
keys Down Right                 # board lines: ASCII
wait_for "board lines in ASCII"
keys Down Right                 # the coach on
wait_for "coach on: after your move"
keys Escape
wait_re '^  \+----------\+----------\+'
expect_no "┌"
[ "$(colours)" -eq 0 ] || fail "colours off at once"
for want in "level = hard" "think = 2" "speed = slow" "color = off" "ascii = on" "coach = on"; do
    grep -qxF "$want" "$file" || fail "the settings file lacks '$want': $(cat "$file")"
done
keys q
[ "$(wait_exit)" = 0 ] || fail "q exits"

# The next start has them back.
$T kill-session -t ui
start
wait_re '^  \+----------\+----------\+'
[ "$(colours)" -eq 0 ] || fail "colours stay off"
keys m
wait_re "Computer level +hard"
s=$(screen)
grep -qE "Think time a move \(max level\) +2s" <<<"$s" || fail "think time kept"
grep -qE "Speed when the computer plays itself +slow" <<<"$s" || fail "speed kept"
grep -qE "Coach: warns of your bad moves against the computer +on" <<<"$s" || fail "coach kept"
keys '?'
wait_text "are kept for the next runs in $file"
keys x

# Flags win over the file, and a setting chosen then is written without the flags' values.
$T kill-session -t ui
start --level easy --speed fast
keys m
wait_re "Computer level +easy"
wait_re "Speed when the computer plays itself +fast"
keys Down Left                  # think time: 2s -> 1s
wait_re "Think time a move \(max level\) +1s"
grep -qxF "think = 1" "$file" || fail "think written"
grep -qxF "level = hard" "$file" || fail "the --level flag is not written into the file"
grep -qxF "speed = slow" "$file" || fail "the --speed flag is not written into the file"

# An unknown line is kept; a bad value is said with its line and ignored.
$T kill-session -t ui
printf 'theme = dark\nlevel = huge\n' >> "$file"
start
wait_text "settings file $file, line 9: level = huge: not a level: use easy, medium, hard or max; ignored"
keys m
wait_re "Computer level +hard"   # the good line before it still counts
keys Right                      # hard -> max: the key's lines become one
wait_re "Computer level +max"
grep -qxF "theme = dark" "$file" || fail "the unknown line is kept: $(cat "$file")"
[ "$(grep -c '^level' "$file")" -eq 1 ] || fail "one level line: $(cat "$file")"
grep -qxF "level = max" "$file" || fail "level = max"

# An unwritable config folder: a clear message, the setting holds for this run, the game goes on.
$T kill-session -t ui
touch "$WORK/file"
start -e XDG_CONFIG_HOME=$WORK/file/config
keys m
keys Right
wait_text "this setting holds until you quit, but is not kept for the next time: cannot write $WORK/file/config/gobblet/settings: Not a directory"
wait_re "Computer level +hard"
keys Escape
play "1. W3B2"
