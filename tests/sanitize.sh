#!/usr/bin/env bash
# `make sanitize`: runs the whole test suite (tests/run.sh --all) against the AddressSanitizer and
# UndefinedBehaviorSanitizer build in the folder $1 (default build-sanitize), with every sanitizer report
# written to a log folder instead of stderr. It fails when a test fails or when any report was written,
# and shows the reports.
set -u
cd "$(dirname "$0")/.." || exit 1
build=${1:-build-sanitize}
for tool in main unit-tests hostile-peer store-fixture pty-run ssh-probe lobby-load screen-bench tune-eval; do
    [ -x "$build/$tool" ] || { echo "sanitize: build $build/ first ($build/$tool is missing)"; exit 2; }
done

reports=$(mktemp -d)
trap 'rm -rf "$reports"' EXIT
# Reports go to files named after the process (asan.PID, ubsan.PID) so that none is lost in a test's
# captured output, and the check below sees them all. The UI tests run the game inside tmux, whose server
# passes this environment on.
export ASAN_OPTIONS="log_path=$reports/asan:detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1"
export UBSAN_OPTIONS="log_path=$reports/ubsan:print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0"
export GOBBLET_BIN=$PWD/$build/main GOBBLET_UNIT_TESTS=$build/unit-tests GOBBLET_HOSTILE_PEER=$PWD/$build/hostile-peer \
    GOBBLET_STORE_FIXTURE=$PWD/$build/store-fixture GOBBLET_PTY_RUN=$PWD/$build/pty-run \
    GOBBLET_SSH_PROBE=$PWD/$build/ssh-probe GOBBLET_LOBBY_LOAD=$PWD/$build/lobby-load \
    GOBBLET_SCREEN_BENCH=$PWD/$build/screen-bench GOBBLET_TUNE_EVAL=$PWD/$build/tune-eval
# The tests that starve the program of descriptors leave the sanitizers' runtime the ones it needs
# (tests/cli/server_signals.sh).
export GOBBLET_SANITIZED=1

tests/run.sh --all
status=$?

found=$(find "$reports" -type f -size +0 | sort)
if [ -n "$found" ]; then
    echo "sanitize: $(wc -l <<<"$found") sanitizer report(s):"
    for f in $found; do
        echo "=== $(basename "$f")"
        cat "$f"
    done
    status=1
fi
[ "$status" -eq 0 ] && echo "sanitize: no sanitizer report" || echo "sanitize: FAILED"
exit "$status"
