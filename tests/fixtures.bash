# Where the shared game transcripts live, for the script tests: $GOBBLET_FIXTURES, else shared/fixtures
# beside the checkout or beside one of its parents (sourced by tests/cli/lib.bash and tests/ui/lib.bash).
fixtures_dir() {
    if [ -n "${GOBBLET_FIXTURES:-}" ]; then echo "$GOBBLET_FIXTURES"; return; fi
    local d=$ROOT
    while [ "$d" != / ]; do
        [ -d "$d/shared/fixtures" ] && { echo "$d/shared/fixtures"; return; }
        [ -d "$(dirname "$d")/shared/fixtures" ] && { echo "$(dirname "$d")/shared/fixtures"; return; }
        d=$(dirname "$d")
    done
    echo /work/shared/fixtures
}
