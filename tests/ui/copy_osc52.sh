# t copies the transcript to the clipboard with OSC 52 (tmux with set-clipboard on stores it in a buffer)
# and says where the save file is, for terminals without OSC 52.
source "$(dirname "$0")/lib.bash"
start
$T set -g set-clipboard on
play "1. W3B2 K1C3"
keys t
wait_for "sent 1 move to the terminal's clipboard (if it supports OSC 52)"  # (two played: move 1)
wait_for "the game is also saved at"
for i in $(seq 50); do $T show-buffer 2>/dev/null | grep -q K1C3 && break; sleep 0.1; done
[ "$($T show-buffer)" = $'W3B2\nK1C3' ] || fail "clipboard holds: $($T show-buffer)"
