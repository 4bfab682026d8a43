#!/usr/bin/env bash
# SIGTERM and SIGINT stop the server cleanly: every client is told `bye` (come back later), the unix
# socket file is removed, the exit status is 0. A bot stops cleanly on SIGTERM too; and a second server
# on the same database is refused while the first runs.
source "$(dirname "$0")/lib.bash"
sock="$WORK/lobby.sock" db="$WORK/server.db"
pids=()
trap '[ ${#pids[@]} -eq 0 ] || kill -9 "${pids[@]}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT

for signal in TERM INT; do
    "$MAIN" --serve --listen "unix:$sock" --db "$db" --greeting "Gobblet club: be kind" 2>"$WORK/server.log" &
    server=$!
    pids=("$server")
    wait_for "the server" 20 test -S "$sock"
    if "$MAIN" --serve --listen "unix:$WORK/other.sock" --db "$db" 2>"$WORK/second.log"; then
        fail "a second server on the same database started"
    fi
    expect_contains "second server" "$(cat "$WORK/second.log")" \
        "server.db is in use by another gobblet server: stop it first, or give another --db"
    # Each bot logs to a file of its own: the background job may open (and empty) its log only after the
    # waits below began, which then read the previous bot's "logged in" and miss this one's greeting.
    bot_log="$WORK/bot-$signal.log"
    "$MAIN" --bot "unix:$sock" --name "Bot$signal" --level easy 2>"$bot_log" &
    bot=$!
    pids+=("$bot")
    wait_for "the bot in the lobby" 20 grep -q "logged in" "$bot_log"
    grep -q "connected: Gobblet club: be kind" "$bot_log" || fail "the greeting: $(cat "$bot_log")"
    kill -"$signal" "$server"
    status=0
    wait "$server" || status=$?
    expect_eq "the server's exit status on SIG$signal" "$status" 0
    expect_contains "server log" "$(cat "$WORK/server.log")" "stopped: the server is shutting down: come back later"
    [ -e "$sock" ] && fail "the socket file is still there after SIG$signal"
    wait_for "the bot told" 20 grep -q \
        "lobby connection lost: the server said goodbye: the server is shutting down: come back later" "$bot_log"
    kill -TERM "$bot"
    status=0
    wait "$bot" || status=$?
    expect_eq "the bot's exit status" "$status" 0
    expect_contains "bot log" "$(cat "$bot_log")" "stopped: the bot stops"
    pids=()
done
