#!/usr/bin/env bash
# SIGTERM and SIGINT stop the server cleanly: every client is told `bye` (come back later), the unix
# socket file is removed, the exit status is 0. A bot stops cleanly on SIGTERM too; and a second server
# on the same database is refused while the first runs. A server that runs short of descriptors while it
# starts says what failed in one line and exits 1, whichever step it was.
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

# Short of descriptors: with `ulimit -n N` for growing N, each step of the start fails in turn (the signal
# pipe, epoll, the socket, the database, the password workers' wake pipe) until the server runs. Every
# failure is one line on stderr and exit status 1, never an abort.
short_log="$WORK/short.log"
stopped_or_serving() { ! kill -0 "$1" 2>/dev/null || grep -q "serving on" "$short_log"; }
# The server starts with exactly 0, 1 and 2 open: the log is opened before the limit falls (bash saving
# a descriptor for a redirection under the limit failed in CI before the server ran), and whatever the
# runner left open is closed. Four descriptors leave the dynamic loader its one.
short_server() {
    exec 2>"$short_log"
    local fd
    for fd in $(ls "/proc/$BASHPID/fd"); do
        [ "$fd" -gt 2 ] && [ "$fd" -ne 255 ] && eval "exec $fd>&-"
    done
    ulimit -n "$1" && exec "$MAIN" --serve --listen "unix:$WORK/short.sock" --db "$WORK/short.db"
}
seen=() started=no sanitizer_starved=no
for ((n = 4; n < 64; n++)); do
    (short_server "$n") &
    server=$!
    pids=("$server")
    wait_for "the server with $n descriptors to stop or serve" 20 stopped_or_serving "$server"
    status=0
    if grep -q "serving on" "$short_log"; then  # every step had its descriptors
        kill -TERM "$server"
        wait "$server" || status=$?
        expect_eq "the server's exit status on SIGTERM" "$status" 0
        started=yes
        break
    fi
    wait "$server" || status=$?
    pids=()
    log=$(cat "$short_log")
    # Under the sanitizers (make sanitize sets GOBBLET_SANITIZED) UBSan checks an object's dynamic type by
    # first writing its vtable into a pipe of its own, to learn whether it is readable (sanitizer_common's
    # IsAccessibleMemoryRange): starved of descriptors, its pipe fails and it reports a false "invalid
    # vptr" (in CLI11's App, in Server, ...) and aborts. That is the runtime's shortage, not the program's:
    # such a run says nothing of the program's message, and the next gives one descriptor more. Every
    # failing step checks a dynamic type after its descriptor was refused, so under the sanitizers no
    # message is seen at all: what they check here is that each step's failure path is clean (ASan) and
    # that the server starts in the end; make test's run checks the messages.
    if [ -n "${GOBBLET_SANITIZED:-}" ] && grep -q "which does not point to an object of type" <<<"$log" &&
        grep -q "object has invalid vptr" <<<"$log" && grep -q "<memory cannot be printed>" <<<"$log"; then
        sanitizer_starved=yes
        continue
    fi
    expect_eq "the exit status with $n descriptors ($log)" "$status" 1
    expect_eq "the lines on stderr with $n descriptors ($log)" "$(wc -l <"$short_log")" 1
    [[ $log == "gobblet: "* ]] || fail "with $n descriptors: $log"
    seen+=("$log")
done
expect_eq "the server started with enough descriptors (${seen[*]})" "$started" yes
[ "$sanitizer_starved" = yes ] && [ ${#seen[@]} -eq 0 ] ||
    expect_contains "the failures on the way" "$(printf '%s\n' "${seen[@]}")" \
        "gobblet: cannot make the workers' wake pipe: Too many open files"
# Out of descriptors is never blamed on the folder's permissions.
if printf '%s\n' "${seen[@]}" | grep -q "must be writable"; then
    fail "a shortage of descriptors blamed on the folder: ${seen[*]}"
fi
