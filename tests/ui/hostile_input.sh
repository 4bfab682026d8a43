# Hostile input from the keyboard and pastes (findings of the audit): no input recurses, a huge paste is
# drained and refused as a whole in bounded time, a paste that is not text is refused whole, and the
# game stays responsive and leaves the terminal as it found it.
source "$(dirname "$0")/lib.bash"
start -x 80 -y 24
type_move W3B2; wait_for "Black to move"
# 60,000 'k' arriving at once (a plain paste): one refused paste, not 60,000 commands or prompt keys.
head -c 60000 /dev/zero | tr '\0' k > "$WORK/k.txt"
$T load-buffer -b k "$WORK/k.txt"; $T paste-buffer -b k -t ui
# (The transcript reader refuses a line over 4 KiB before reading its moves.)
wait_for "paste refused, nothing changed: line 1: kkkkkkkkkkkkk...: the line is longer"
wait_re "^Move: *$"
# A bracketed paste that is not UTF-8 text is refused whole: none of its moves land, nothing in the prompt.
printf 'K1C3\n\xff\xfeW1A1\n' > "$WORK/bad.txt"
paste "$WORK/bad.txt"
wait_for "paste refused, nothing changed: it is not text"
expect_no "K1C3"
wait_re "^Move: *$"
# Control codes inside a paste: refused, and never drawn.
printf 'K1C3\n\033[2J\033]0;owned\007\n' > "$WORK/esc.txt"
paste "$WORK/esc.txt"
wait_for "paste refused, nothing changed: it is not text"
expect_no "K1C3"
# 1 MB pasted, bracketed and not: refused within seconds (the limit is 256 KiB), and a key typed after
# it takes effect at once.
yes 'W3B2 K1C3' | head -c 1000000 > "$WORK/big.txt"
$T load-buffer -b big "$WORK/big.txt"
$T paste-buffer -p -b big -t ui
wait_for "paste refused, nothing changed: it is larger than 256 KiB"
keys '?'; wait_for "gobblet help"; keys Escape; wait_for "Black to move"
# A fresh message first, so that the next refusal is seen anew and not the one still on screen.
type_move ZZ99; wait_for "ZZ99: "
$T paste-buffer -b big -t ui
wait_long 30 "paste refused, nothing changed: it is larger than 256 KiB"
expect_no "K1C3"
# A key sent while a plain paste is still arriving is part of it (nothing can tell them apart), and a
# loaded machine may stall tmux mid-paste: probe until a typed key lands, then quit.
for i in 1 2 3 4 5; do
    type_move ZZ98
    for j in $(seq 20); do screen | grep -qF "ZZ98: " && break 2; sleep 0.1; done
done
wait_for "ZZ98: "
keys q
[ "$(wait_exit)" = 0 ] || fail "q after the pastes exits with status 0"
expect_terminal_restored
grep -qx W3B2 "$XDG_STATE_HOME/gobblet/autosave.txt" || fail "the game survived the pastes"
# SIGQUIT (Ctrl-\ from a shell with signals on, or kill -QUIT) ends the game like q: terminal restored.
$T kill-session -t ui
start --resume
wait_for "resumed the last game (1 move)"
pkill -QUIT -f "^$MAIN --resume" || fail "no game process"
[ "$(wait_exit)" = 0 ] || fail "SIGQUIT: status 0"
expect_terminal_restored
