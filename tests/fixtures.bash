# The repository's game transcripts, for the script tests (sourced by tests/cli/lib.bash and
# tests/ui/lib.bash): tests/fixtures, or $GOBBLET_FIXTURES when set.
fixtures_dir() { echo "${GOBBLET_FIXTURES:-$ROOT/tests/fixtures}"; }
