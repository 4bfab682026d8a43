#!/usr/bin/env bash
# Runs every test: the Catch2 unit tests, then the script tests (tests/cli/*.sh drive ./main's command
# line, tests/ui/*.sh drive the curses game in tmux). Each script is one test: exit status 0 passes.
# The last line is the summary: "tests: N passed, M failed" (and ", K skipped" when a script could not run
# here at all).
#
# tests/run.sh --all also runs the unit tests tagged [.slow]. The binaries under test are build/unit-tests
# and ./main unless $GOBBLET_UNIT_TESTS and $GOBBLET_BIN name others (make sanitize does).
set -u
cd "$(dirname "$0")/.." || exit 1

unit_tests=${GOBBLET_UNIT_TESTS:-build/unit-tests}
GOBBLET_BIN=${GOBBLET_BIN:-$PWD/main}
export GOBBLET_BIN
unit_args=()
[ "${1:-}" = --all ] && unit_args=("[.slow],~[.slow]")

passed=0
failed=0
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# Script tests run two at a time (CI has two cores); each gets its own log and a time limit. A script
# that cannot run here at all (sshd missing, say) exits 77 and says why: skipped, neither passed nor failed.
run_script() {
    local script=$1 logs=$2
    local name status
    name=$(echo "$script" | tr '/' '_')
    timeout 180 bash "$script" > "$logs/$name.log" 2>&1
    status=$?
    if [ $status -eq 0 ]; then
        echo "ok   $script"
    elif [ $status -eq 77 ]; then
        echo "skip $script: $(grep -m1 '^SKIP: ' "$logs/$name.log" | cut -c7-)"
    else
        echo "FAIL $script"
        sed 's/^/     | /' "$logs/$name.log" | tail -n 40
    fi
}
export -f run_script

# The unit tests run beside the script tests (most of a tmux script's time is waiting for a screen, so a
# core is mostly free): the suite's wall time is the CI budget's other half, after the build.
"$unit_tests" "${unit_args[@]}" > "$logs/unit" 2>&1 &
unit_pid=$!

scripts=$(ls tests/cli/*.sh tests/ui/*.sh 2>/dev/null)
if [ -n "$scripts" ]; then
    results=$(printf '%s\n' $scripts | xargs -P "${TEST_JOBS:-2}" -I{} bash -c 'run_script "$@"' _ {} "$logs")
fi

echo "== unit tests (Catch2)"
wait "$unit_pid"
unit_status=$?
summary=$(grep -E '^(All tests passed|test cases:)' "$logs/unit" | tail -n 1)
if [[ $summary =~ ^All\ tests\ passed\ \(([0-9]+)\ assertions?\ in\ ([0-9]+)\ test\ cases?\) ]]; then
    passed=$((passed + BASH_REMATCH[2]))
elif [[ $summary =~ test\ cases:\ +([0-9]+)\ \|\ +([0-9]+)\ passed\ \|\ +([0-9]+)\ failed ]]; then
    passed=$((passed + BASH_REMATCH[2]))
    failed=$((failed + BASH_REMATCH[3]))
elif [[ $summary =~ test\ cases:\ +([0-9]+)\ \|\ +([0-9]+)\ failed ]]; then
    failed=$((failed + BASH_REMATCH[2]))
else
    failed=$((failed + 1))  # the binary crashed before its summary
fi
if [ $unit_status -ne 0 ]; then cat "$logs/unit"; else tail -n 2 "$logs/unit"; fi

if [ -n "$scripts" ]; then
    echo "== script tests"
    echo "$results"
    passed=$((passed + $(grep -c '^ok ' <<<"$results")))
    failed=$((failed + $(grep -c '^FAIL ' <<<"$results")))
    skipped=$(grep -c '^skip ' <<<"$results")
fi

if [ "${skipped:-0}" -gt 0 ]; then
    echo "tests: $passed passed, $failed failed, $skipped skipped"
else
    echo "tests: $passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
