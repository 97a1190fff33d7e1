#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang (AddressSanitizer + UndefinedBehaviorSanitizer) and runs
# each for a bounded time from its committed seeds (docs/testing.md). The tree is the sanitized stage's
# (scripts/configure-sanitized.sh): after scripts/sanitize-tests.sh only the fuzz targets' links are left to do.
#
#   scripts/fuzz.sh [BUILD_DIR]        default build-asan; FUZZ_SECONDS per target (default 20), FUZZ_JOBS targets
#                                      at a time (default: the number of cores)
#
# A target that crashes or breaks its property stops the script (exit 1) and leaves the input under
# BUILD_DIR/fuzz-findings/<target>/: copy it into tests/fuzz/regressions/<target>/, fix the parser, and the normal
# suite's test_fuzz_<target> replays it from then on. The seeds are copied, never written to.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-asan}
seconds=${FUZZ_SECONDS:-20}
targets=$(sed -n 's/^set(CUDNN_SETUP_FUZZ_TARGETS \(.*\))$/\1/p' tests/fuzz/CMakeLists.txt | tr 'A-Z' 'a-z')
if [ "${FUZZ_BUILD:-1}" != 0 ]; then # FUZZ_BUILD=0: the caller built the tree and may be using it beside this run
    bash scripts/configure-sanitized.sh "$build"
    cmake --build "$build" --parallel "$(nproc)" --target $(for t in $targets; do echo "fuzz_$t"; done)
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} # Qt's one-time allocations are not findings
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
# fuzz_one TARGET: one libFuzzer run from a fresh copy of its seeds; prints its line, exit 1 on a finding.
fuzz_one() {
    local t=$1 corpus=$build/fuzz-corpus/$1 findings=$build/fuzz-findings/$1 start owner folder
    rm -rf "$corpus" && mkdir -p "$corpus" "$findings"
    cp tests/fuzz/corpus/"$t"/* "$corpus"/
    while read -r owner folder; do
        [[ $owner == "$t" ]] && cp "$folder"/* "$corpus"/
    done < <(grep '^[a-z]' tests/fuzz/shared-seeds.txt)
    [[ -d tests/fuzz/regressions/$t ]] && cp tests/fuzz/regressions/"$t"/* "$corpus"/
    start=$(date +%s)
    if "$build/fuzz/fuzz_$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$findings/" "$corpus" >"$build/fuzz-$t.log" 2>&1; then
        echo "fuzz_$t: clean, $(grep -m1 -o 'stat::number_of_executed_units: [0-9]*' "$build/fuzz-$t.log" |
            grep -o '[0-9]*$') inputs in $(($(date +%s) - start)) s"
    else
        echo "fuzz_$t: FOUND SOMETHING, see $build/fuzz-$t.log and $findings/" >&2
        tail -30 "$build/fuzz-$t.log" >&2
        return 1
    fi
}
# libFuzzer runs on one core: FUZZ_JOBS targets at a time (default: one per core), each still FUZZ_SECONDS long.
jobs=${FUZZ_JOBS:-$(nproc)}
status=0 running=0
for t in $targets; do
    fuzz_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then
        wait -n || status=1
        running=$((running - 1))
    fi
done
while [ "$running" -gt 0 ]; do
    wait -n || status=1
    running=$((running - 1))
done
exit $status
