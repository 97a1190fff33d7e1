#!/usr/bin/env bash
# Builds the Windows code under test with mingw-w64 and runs it under wine in a throw-away prefix.
# Usage: scripts/wine-tests.sh [build-dir] [registry|dacl|verify|all]   (default: build-wine registry)
#        scripts/wine-tests.sh <build-dir> product <dist-dir> build|detect|install|pitfalls|readonly|installer
#   registry  the Windows registry adapter against wine's registry (tests/wine/RegistryTest.cpp)
#   dacl      the trust rule's ACE evaluation on descriptors built from SDDL (tests/wine/DaclTest.cpp)
#   verify    cudnn-probe.exe `verify` against fake cuDNN DLLs (tests/wine/VerifyWineTest.cpp)
#   product   the real cudnn-setup.exe of <dist-dir> (build-windows/dist) on a made-up Windows machine
#             (tests/wine/ProductWineTest.cpp); `build` only builds the test program and its fakes; `installer`
#             runs the NSIS installer found next to <dist-dir> (cudnn-setup-*-windows-x86_64.exe)
# Exit: 0 passed, 1 failed, 77 skipped (no mingw-w64/wine, or wine cannot run programs on this machine), as ctest's
# SKIP_RETURN_CODE expects. A missing <dist-dir> is a skip, except with CI=true, where it fails.
# Needs: apt-get install mingw-w64 wine wine64 zip.
set -uo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-build-wine}
which=${2:-registry}

skip() {
    echo "SKIP: $*"
    exit 77
}

if [ "$which" = product ]; then
    exec bash tests/wine/product-tests.sh "$build_dir" "${@:3}"
fi

case "$which" in
registry) programs=(registry-test) ;;
dacl) programs=(dacl-test) ;;
verify) programs=(verify-wine-test) ;;
all) programs=(registry-test dacl-test verify-wine-test) ;;
*) echo "unknown test set '$which' (registry, dacl, verify or all)" >&2; exit 2 ;;
esac

command -v x86_64-w64-mingw32-g++ >/dev/null || skip "x86_64-w64-mingw32-g++ not found (apt-get install mingw-w64)"
wine=$(command -v wine || command -v wine64) || skip "wine not found (apt-get install wine wine64)"
command -v cmake >/dev/null || skip "cmake not found"

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f "$build_dir/CMakeCache.txt" ]; then
    cmake -S tests/wine -B "$build_dir" "${generator[@]}" \
        -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/mingw-w64-x86_64.cmake" -DCMAKE_BUILD_TYPE=Release || exit 1
fi
cmake --build "$build_dir" --target "${programs[@]}" || exit 1

prefix=$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-wine.XXXXXX")
cleanup() {
    WINEPREFIX="$prefix" wineserver -k 2>/dev/null || true
    rm -rf "$prefix"
}
trap cleanup EXIT

# The first run creates the prefix (about 12 s on the CI machine); Mono and Gecko are not needed and never offered.
failed=0
for program in "${programs[@]}"; do
    start=$(date +%s)
    output=$(WINEPREFIX="$prefix" WINEARCH=win64 WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" \
        timeout 300 "$wine" "$build_dir/$program.exe" 2>&1)
    status=$?
    echo "$output"
    echo "$program: wine run took $(($(date +%s) - start)) s"
    case "$output" in
    *"wine-tests: started"*) ;;
    *) skip "wine could not run a Windows program here (exit $status); the mingw-w64 build succeeded" ;;
    esac
    [ "$status" -eq 0 ] || failed=1
done
exit $failed
