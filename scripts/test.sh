#!/usr/bin/env bash
# The whole test suite from a fresh clone: dependencies, a clean build, the Windows cross-build (its SDK is built
# once and cached outside the clone, docs/building-windows.md), every test (ctest; the `windows` tests run the
# Windows build under wine).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-test-deps.sh
# ccache keeps a warm run short; CCACHE_BASEDIR makes another clone of the same tree hit the same cache.
export CCACHE_BASEDIR=$PWD
# The tests and their fault injection on by name: `build` may be the README's first command's, configured without.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCUDNN_SETUP_BUILD_TESTS=ON -DCUDNN_SETUP_FAULT_INJECTION=ON \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
cmake --build build --parallel "$(nproc)"
bash scripts/build-windows.sh build-windows
ctest --test-dir build --output-on-failure --timeout 600
# The unit and end-to-end tests again under AddressSanitizer + UBSan, then every fuzz target for a bounded time
# (docs/testing.md).
bash scripts/sanitize-tests.sh build-asan
bash scripts/fuzz.sh build-fuzz
