#!/usr/bin/env bash
# The Windows resources of installer/windows/Windows.cmake, compiled for real: configures the Qt-free probe for
# Windows with the mingw-w64 toolchain (tests/wine), compiles cudnn-probe's generated .rc with windres, and checks
# that the result carries the application manifest (asInvoker, PerMonitorV2, longPathAware, Windows 10/11) and
# the version information. Editing the manifest must rebuild the resource.
# Usage: installer/windows/test-resources.sh   (ctest: test_windows_resources). Exit 77: mingw-w64 is missing.
set -euo pipefail

source_dir="$(cd "$(dirname "$0")/../.." && pwd)"
command -v x86_64-w64-mingw32-windres >/dev/null && command -v x86_64-w64-mingw32-g++ >/dev/null \
    || { echo "SKIP: mingw-w64 is not installed (apt-get install mingw-w64)"; exit 77; }

work="$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-winres.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
expect() { # expect DESCRIPTION COMMAND...
    local what="$1"; shift
    if "$@"; then echo "ok: $what"; else fail "$what"; fi
}

generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if ! cmake -S "$source_dir" -B "$work/build" "${generator[@]}" \
    -DCMAKE_TOOLCHAIN_FILE="$source_dir/cmake/mingw-w64-x86_64.cmake" \
    -DCUDNN_SETUP_PROBE_ONLY=ON -DCUDNN_SETUP_BUILD_TESTS=OFF -DCMAKE_BUILD_TYPE=Release >"$work/configure.log" 2>&1; then
    cat "$work/configure.log" >&2
    echo "FAIL: configuring the probe for Windows" >&2
    exit 1
fi

res_target="app/probe/CMakeFiles/cudnn-probe.dir/__/__/installer/cudnn-probe.rc.res"
build() { cmake --build "$work/build" --target "$res_target" >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; return 1; }; }
if [ -n "${generator[*]}" ]; then
    expect "windres compiles cudnn-probe's .rc" build
else
    echo "skip: ninja is not installed; the .rc is only generated, not compiled"
    res_target=""
fi

rc="$work/build/installer/cudnn-probe.rc"
manifest="$work/build/installer/cudnn-probe.manifest"
expect "the .rc embeds the manifest as resource 1, RT_MANIFEST" grep -q "^CREATEPROCESS_MANIFEST_RESOURCE_ID RT_MANIFEST \"$manifest\"" "$rc"
expect "the .rc carries the project version" grep -q "FILEVERSION 0,1,0,0\|FILEVERSION [0-9]*,[0-9]*,[0-9]*,0" "$rc"
if command -v python3 >/dev/null; then
    expect "the manifest is well-formed XML" python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$manifest"
fi
if [ -n "$res_target" ]; then
    res="$work/build/$res_target"
    for needle in 'level="asInvoker"' 'PerMonitorV2' '<longPathAware' '{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}' \
        'name="cudnn-setup.cudnn-probe"'; do
        expect "the compiled resource holds $needle" grep -qF "$needle" "$res"
    done
    expect "the compiled resource holds the version information" \
        bash -c 'strings -e l "$1" | grep -qx "cudnn-probe.exe"' _ "$res"
    sleep 1
    touch "$manifest"
    expect "a changed manifest rebuilds the resource" \
        bash -c 'cmake --build "$1" --target "$2" -- -n 2>/dev/null | grep -q "RC object"' _ "$work/build" "$res_target"
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "all Windows resource checks passed"
