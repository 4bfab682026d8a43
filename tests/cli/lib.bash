# Shared helpers for the command-line script tests (sourced, not run as a test).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# The binary under test: ./main, or $GOBBLET_BIN (make sanitize tests an instrumented build).
MAIN="${GOBBLET_BIN:-$ROOT/main}"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
# Keep any file the program might read or write (saves, settings) away from the real home.
export XDG_STATE_HOME="$WORK/state" XDG_DATA_HOME="$WORK/data" XDG_CONFIG_HOME="$WORK/config"

source "$ROOT/tests/fixtures.bash"
LIAM="$(fixtures_dir)/liam-white--eamon-black.txt"

fail() { echo "FAIL: $*" >&2; exit 1; }
# expect_eq WHAT ACTUAL EXPECTED
expect_eq() { [ "$2" == "$3" ] || fail "$1: expected [$3], got [$2]"; }
expect_contains() { grep -qF -- "$3" <<<"$2" || fail "$1: [$2] does not contain [$3]"; }
source "$ROOT/tests/poll.bash"
# wait_for WHAT SECONDS COMMAND...: wait_until under the name the CLI tests use.
wait_for() { wait_until "$@"; }
