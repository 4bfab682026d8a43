#!/usr/bin/env bash
# `make fuzz`: runs each fuzz target given (build-fuzz/fuzz-NAME) for SECONDS, on a scratch copy of its
# seed corpus (tests/fuzz/corpus/NAME, which the run never changes) with its dictionary
# (tests/fuzz/NAME.dict) and the flags of tests/fuzz/NAME.options, if any (libFuzzer's flags that target
# needs, on the file's one line that is not a # comment). Any crash, sanitizer report, leak, timeout or running out of memory fails it; the input
# that did it is kept in the scratch folder, whose path is printed.
#   tests/fuzz/run.sh SECONDS NAME...
set -u
cd "$(dirname "$0")/../.." || exit 1
seconds=${1:?usage: tests/fuzz/run.sh SECONDS NAME...}
shift
scratch=$(mktemp -d "${TMPDIR:-/tmp}/gobblet-fuzz-XXXXXX")
failed=0
for name in "$@"; do
    bin=build-fuzz/fuzz-$name
    [ -x "$bin" ] || { echo "fuzz: $bin is missing (make fuzz builds it)"; exit 2; }
    work=$scratch/$name
    mkdir -p "$work/corpus" "$work/artifacts"
    cp tests/fuzz/corpus/"$name"/* "$work/corpus/" 2>/dev/null
    options=()
    [ -f "tests/fuzz/$name.options" ] && read -r -a options < <(grep -v '^#' "tests/fuzz/$name.options")
    echo "== fuzz $name: $seconds s${options[*]:+ (${options[*]})}"
    # -timeout: one input may take FUZZ_TIMEOUT (30) s of wall time at most (inputs take milliseconds;
    # the margin is for a shared machine, and a long run at low priority on a loaded one wants more);
    # -rss_limit_mb: memory; -max_len: inputs past the readers' 4 KiB line limit.
    if "$bin" "$work/corpus" "${options[@]}" -dict="tests/fuzz/$name.dict" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-30}" \
        -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 -artifact_prefix="$work/artifacts/" \
        >"$work/log" 2>&1; then
        grep -E '^stat::number_of_executed_units|^#[0-9]+.*DONE' "$work/log" | tail -n 2
        echo "ok   $name"
    else
        failed=$((failed + 1))
        echo "FAIL $name: the failing input is in $work/artifacts/ (copy it to tests/fuzz/crashes/$name/)"
        grep -vE '^#[0-9]+ +(NEW|REDUCE|pulse|INITED)' "$work/log" | tail -n 60
    fi
done
if [ "$failed" -eq 0 ]; then
    rm -rf "$scratch"
    echo "fuzz: $# targets, no failure"
else
    echo "fuzz: $failed of $# targets failed; logs and inputs in $scratch"
fi
[ "$failed" -eq 0 ]
