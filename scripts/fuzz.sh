#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang (AddressSanitizer + UndefinedBehaviorSanitizer) and runs
# each for a bounded time from its committed seeds (docs/testing.md).
#
#   scripts/fuzz.sh [BUILD_DIR]        default build-fuzz; FUZZ_SECONDS per target (default 20)
#
# A target that crashes or breaks its property stops the script (exit 1) and leaves the input under
# BUILD_DIR/fuzz-findings/<target>/: copy it into tests/fuzz/regressions/<target>/, fix the parser, and the normal
# suite's test_fuzz_<target> replays it from then on. The seeds are copied, never written to.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-fuzz}
seconds=${FUZZ_SECONDS:-20}
clang=${CLANG:-clang-14}
export CCACHE_BASEDIR=$PWD
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize=vptr -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCUDNN_SETUP_FUZZ=ON \
    -DCMAKE_C_COMPILER="$clang" -DCMAKE_CXX_COMPILER="${clang/clang/clang++}" \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
targets=$(sed -n 's/^set(CUDNN_SETUP_FUZZ_TARGETS \(.*\))$/\1/p' tests/fuzz/CMakeLists.txt | tr 'A-Z' 'a-z')
cmake --build "$build" --parallel "$(nproc)" --target $(for t in $targets; do echo "fuzz_$t"; done)

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} # Qt's one-time allocations are not findings
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
status=0
for t in $targets; do
    corpus=$build/fuzz-corpus/$t findings=$build/fuzz-findings/$t
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
        status=1
    fi
done
exit $status
