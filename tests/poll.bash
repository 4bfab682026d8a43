# wait_until WHAT SECONDS COMMAND...: polls COMMAND every 0.1 s (a bound, never a fixed sleep) and fails
# the test (its `fail`) when it never succeeds. Sourced by tests/cli/lib.bash and tests/sshd.bash.
wait_until() {
    local what=$1 limit=$(($2 * 10)) i
    shift 2
    for ((i = 0; i < limit; i++)); do
        "$@" && return 0
        sleep 0.1
    done
    fail "waited in vain for $what"
}
