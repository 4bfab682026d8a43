# The board grows with the terminal (bigger cells from 120x40), 80x24 stays complete; two computers can
# be watched at a chosen speed and paused.
source "$(dirname "$0")/lib.bash"
start -x 160 -y 50 --white computer --black computer --level easy --speed slow --seed 2
s=$(screen)
grep -qF "┌──────────────┬" <<<"$s" || fail "bigger cells at 160x50"
wait_re "computer \(easy\) #[12] played"
keys p
wait_for "PAUSED"
moves=$(screen | grep -oE '[0-9]+\. [A-DWK][1-4][A-D][1-4]' | tail -1)
sleep 3  # slow play moves every 2 s: a paused game stands still
[ "$(screen | grep -oE '[0-9]+\. [A-DWK][1-4][A-D][1-4]' | tail -1)" = "$moves" ] || fail "paused play moved"
keys p
wait_for "resumed"
$T resize-window -t ui -x 80 -y 24
wait_for "┌──────────┬"
s=$(screen)
for want in "Moves" "q quit" "X W1" "Z K3"; do grep -qF "$want" <<<"$s" || fail "at 80x24: $want"; done
