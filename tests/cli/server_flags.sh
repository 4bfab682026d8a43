#!/usr/bin/env bash
# The flags of --serve and --bot: what goes with what, bad values refused with the flag's name (exit 2),
# a database the server cannot use refused with the reason (exit 1).
source "$(dirname "$0")/lib.bash"
refused() {  # refused EXPECTED-STATUS EXPECTED-MESSAGE ARGS...
    local status=$1 message=$2
    shift 2
    local got=0
    "$MAIN" "$@" >"$WORK/out" 2>"$WORK/err" || got=$?
    expect_eq "status of $*" "$got" "$status"
    expect_contains "message of $*" "$(cat "$WORK/err")" "$message"
}
refused 2 "--listen goes with --serve" --listen 7300
refused 2 "--greeting goes with --serve" --greeting hi
refused 2 "--max-connections goes with --serve" --max-connections 100
refused 2 "--max-connections 0: 1 to 1000000" --serve --max-connections 0
refused 2 "--per-address goes with --serve" --per-address 10
refused 2 "--per-address 0: 1 to --max-connections (20000)" --serve --per-address 0
refused 2 "--per-address 500: 1 to --max-connections (100)" --serve --max-connections 100 --per-address 500
refused 2 "--name goes with --bot" --name MaxBot
refused 2 "--seek goes with --bot" --seek 5m+2s
refused 2 "--serve and --bot cannot be combined" --serve --bot 127.0.0.1:7300 --name MaxBot
refused 2 "--host cannot be combined with --serve" --serve --host 7000
refused 2 "--listen 70000:" --serve --listen 70000
refused 2 "--grace soon: not a time" --serve --grace soon
refused 2 "--shared-address goes with --serve" --shared-address 192.168.1.20
refused 2 "--shared-address club.example: not a numeric address: write it as 192.168.1.20, 2001:db8::5 or unix:uid=1000" \
    --serve --shared-address club.example
refused 2 "--shared-address unix:uid=me: a local user is unix:uid=N, N the user's number" --serve --shared-address unix:uid=me
refused 2 "--bot needs --name NAME" --bot 127.0.0.1:7300
refused 2 "--bot needs --name NAME" --bot 127.0.0.1:7300 --name "~guest"
refused 2 "--bot nowhere: " --bot nowhere --name MaxBot
refused 2 "--seek 5m+90s: " --bot 127.0.0.1:7300 --name MaxBot --seek 5m+90s
refused 2 "--seek: first-to is 1 to 9" --bot 127.0.0.1:7300 --name MaxBot --seek dm --first-to 10
# Who a bot's own seek is for comes after its clock: computers welcome, a rating range.
refused 2 "--seek 5m+2s bots 1800-1400: a rating range goes from the lower rating to the higher" \
    --bot 127.0.0.1:7300 --name MaxBot --seek "5m+2s bots 1800-1400"
# --grace goes with --host or --serve.
refused 2 "--grace goes with --host or --serve" --grace 10s
# So does --starter-choice: whole seconds, 5 to 3600.
refused 2 "--starter-choice goes with --host or --serve: the host times the loser's choice of who starts" \
    --starter-choice 60
refused 2 "--starter-choice 4: the loser's choice of who starts has 5 to 3600 s (default 30)" \
    --serve --starter-choice 4
refused 2 "--starter-choice 2h: the loser's choice of who starts has 5 to 3600 s (default 30)" \
    --serve --starter-choice 2h
refused 2 "--starter-choice soon: not a time in whole seconds; write it as 30, 90s, 2m or 1m30s" \
    --serve --starter-choice soon
refused 2 "--starter-choice 7.5: not a time in whole seconds" --serve --starter-choice 7.5
refused 2 "--starter-choice cannot be given with --join: the host sets the game" \
    --join 127.0.0.1:7000 --starter-choice 60
refused 2 "--starter-choice 1: the loser's choice of who starts has 5 to 3600 s" --host 0 --starter-choice 1
# The server's limit is its operator's: its log's start line says it.
"$MAIN" --serve --listen "unix:$WORK/choice.sock" --db "$WORK/choice.db" --starter-choice 2m \
    2>"$WORK/choice.log" &
chooser=$!
for i in $(seq 100); do grep -q "serving on" "$WORK/choice.log" && break; sleep 0.1; done
kill -TERM $chooser
wait $chooser || true
expect_contains "the start line" "$(cat "$WORK/choice.log")" "; the loser's choice of starter: 120 s"
# A database the server cannot use: the reason, exit 1, the file left as it was.
echo "not a database at all, just some text that is long enough to look like a header" >"$WORK/notes.txt"
refused 1 "notes.txt" --serve --listen "unix:$WORK/s.sock" --db "$WORK/notes.txt"
expect_eq "text untouched" "$(cat "$WORK/notes.txt")" \
    "not a database at all, just some text that is long enough to look like a header"
# A port in use: the reason, exit 1.
"$MAIN" --serve --listen "unix:$WORK/busy.sock" --db "$WORK/a.db" 2>/dev/null &
server=$!
trap 'kill -9 $server 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT
for i in $(seq 100); do [ -S "$WORK/busy.sock" ] && break; sleep 0.1; done
refused 1 "cannot listen on unix:$WORK/busy.sock: a server is already listening there" \
    --serve --listen "unix:$WORK/busy.sock" --db "$WORK/b.db"
kill -TERM $server
status=0
wait $server || status=$?
expect_eq "the first server's status after SIGTERM" "$status" 0
