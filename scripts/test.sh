#!/usr/bin/env bash
# The whole test suite from a fresh clone: dependencies, a clean build, the Windows cross-build (its SDK is built
# once and cached outside the clone, docs/building-windows.md), every test (ctest; the `windows` tests run the
# Windows build under wine), then the unit and end-to-end tests under ASan + UBSan and every fuzz target, both in
# one clang tree (docs/testing.md).
#
# On two cores the stages overlap where one leaves a core idle (docs/testing.md, "What the stages cost"). Two chains
# run side by side: the Windows SDK, the cross-build and the `windows` tests (wine), which is the longest, beside the
# Linux tree, then its tests (as many at a time as there are cores: most of their time is spent waiting on child
# processes) with the sanitized tree building at a lower priority, then the sanitized tests beside the fuzz
# targets. A stage's output is printed when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."

# stamp WHAT: when a stage ended, counted from the start (the figures of docs/testing.md come from these lines).
export TEST_SH_START=$(date +%s)
stamp() {
    local t=$(($(date +%s) - TEST_SH_START))
    echo "test.sh: $1 at $((t / 60)) min $((t % 60)) s"
}
export -f stamp
bash scripts/install-test-deps.sh
stamp "the dependencies installed"
# ccache keeps a warm run short; CCACHE_BASEDIR makes another clone of the same tree hit the same cache, and
# CCACHE_NOHASHDIR lets it hit with -g too (ccache otherwise hashes the working folder into every debug build).
export CCACHE_BASEDIR=$PWD CCACHE_NOHASHDIR=1
logs=$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-test.XXXXXX")
background=() # process groups (setsid) still running, ended if this script stops early
trap 'for g in ${background[@]+"${background[@]}"}; do kill -- "-$g" 2>/dev/null || true; done; rm -rf "$logs"' EXIT
# start NAME COMMAND...: runs it in a process group of its own, its output into $logs/NAME.log, the time it ended
# last; sets $started.
start() {
    local name=$1; shift
    setsid bash -c '"$@"; status=$?; stamp "$0 ended"; exit $status' "$name" "$@" >"$logs/$name.log" 2>&1 &
    started=$!
    background+=("$started")
}
# finish NAME PID: waits for it, prints its output, and stops the script when it failed.
finish() {
    local status=0
    wait "$2" || status=$?
    cat "$logs/$1.log"
    local group others=()
    for group in "${background[@]}"; do [ "$group" = "$2" ] || others+=("$group"); done
    background=(${others[@]+"${others[@]}"})
    [ "$status" -eq 0 ] || { echo "test.sh: $1 failed (exit $status)" >&2; exit "$status"; }
}

start windows-sdk bash scripts/windows-sdk.sh
sdk=$started
# The tests and their fault injection on by name: `build` may be the README's first command's, configured without.
# A warning in the project's own code (tests included) fails the build (gcc 12, -Wall -Wextra).
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCUDNN_SETUP_BUILD_TESTS=ON -DCUDNN_SETUP_FAULT_INJECTION=ON -DCUDNN_SETUP_WARNINGS_AS_ERRORS=ON \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
cmake --build build --parallel "$(nproc)"
stamp "the Linux tree built"

start sanitized-build nice -n 10 bash -c 'bash scripts/configure-sanitized.sh build-asan &&
    cmake --build build-asan --parallel "$(nproc)"'
asan_build=$started
ctest --test-dir build --output-on-failure --timeout 600 --parallel "$(nproc)" -LE '^windows$'
stamp "the Linux tests passed"

# The Windows program, built against the SDK, and its tests under wine.
finish windows-sdk "$sdk"
bash scripts/build-windows.sh build-windows
stamp "the Windows program built"
ctest --test-dir build --output-on-failure --timeout 600 -L '^windows$'
stamp "the windows tests passed"
finish sanitized-build "$asan_build"

# The unit and end-to-end tests again under AddressSanitizer + UBSan (their build is done: only ctest is left),
# beside every fuzz target for a bounded time, one at a time on the other core.
start fuzz env FUZZ_JOBS=1 FUZZ_BUILD=0 bash scripts/fuzz.sh build-asan
fuzz=$started
bash scripts/sanitize-tests.sh build-asan
stamp "the sanitized tests passed"
finish fuzz "$fuzz"
