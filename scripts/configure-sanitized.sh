#!/usr/bin/env bash
# Configures the one sanitized tree of the test command: clang-14 with AddressSanitizer + UndefinedBehaviorSanitizer
# and libFuzzer's coverage (-fsanitize=fuzzer-no-link), -O1, line tables for the reports' stacks, the libFuzzer
# binaries of tests/fuzz on (CUDNN_SETUP_FUZZ), the wizard's tests off (the sanitized run leaves them out: they need a
# display and run in the main tree). scripts/sanitize-tests.sh builds it whole and runs the tests in it;
# scripts/fuzz.sh builds only the fuzz targets' links in it and runs them: one compile of the tree serves both.
#   scripts/configure-sanitized.sh BUILD_DIR      (CLANG: default clang-14)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: configure-sanitized.sh BUILD_DIR}
clang=${CLANG:-clang-14}
export CCACHE_BASEDIR=$PWD
# -fno-sanitize=function: cudnn-probe calls cuDNN's and CUDA's C functions through pointers from dlsym, typed by its
# own declarations (core/runtime/NvidiaApi.h); clang's check compares those with the library's own types and stops a
# call that is right by the C ABI (gcc's UBSan, which this stage used before, has no such check).
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize=vptr,function -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
link="-fsanitize=address,undefined"
# lld links the tree's hundred test programs several times faster than ld.bfd (lld-14, scripts/install-test-deps.sh).
command -v "ld.lld-${clang#clang-}" >/dev/null && link="$link -fuse-ld=lld-${clang#clang-}"
# -O1: a third less compile time than -O2 and the stacks stay readable; the sanitizers find the same things.
# -gline-tables-only: the file:line of every frame in a report, without the full debug info's compile and link time.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCUDNN_SETUP_FUZZ=ON \
    -DCMAKE_C_COMPILER="$clang" -DCMAKE_CXX_COMPILER="${clang/clang/clang++}" \
    -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="$link" -DCMAKE_SHARED_LINKER_FLAGS="$link" \
    -DCUDNN_SETUP_BUILD_GUI_TESTS=OFF \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >/dev/null
