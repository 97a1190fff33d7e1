#!/usr/bin/env bash
# Cross-builds cudnn-setup for Windows x64 on Debian with mingw-w64, against the SDK of scripts/windows-sdk.sh
# (built on first use, then cached). Leaves:
#   build-windows/dist/                                  cudnn-setup.exe, cudnn-probe.exe and everything they load:
#                                                        `wine build-windows/dist/cudnn-setup.exe` runs as is
#   build-windows/cudnn-setup-<version>-windows-x86_64.exe   the NSIS installer (makensis)
#   build-windows/cudnn-setup-<version>-windows-x86_64.msi   the MSI (wixl, installer/windows/make-msi.sh)
#   build-windows/bin/render-wizard-pages.exe, elevation-wine-test.exe   for the wine tier (tests/wine)
# Usage: scripts/build-windows.sh [build-dir]
# Signs the programs and both installers when CUDNN_SETUP_SIGN_PFX names a certificate (scripts/sign-windows.sh).
# Uses ccache when it is installed (CCACHE_BASEDIR = this checkout, so another clone of the same tree hits it).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-windows}
start=$SECONDS

sdk=$(bash scripts/windows-sdk.sh | tail -n 1)
launcher=()
if command -v ccache >/dev/null; then
    export CCACHE_BASEDIR=$PWD
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi

cmake -S . -B "$build" -G Ninja -Wno-dev \
    -DCMAKE_TOOLCHAIN_FILE="$PWD/cmake/mingw-w64-x86_64.cmake" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$sdk" -DCMAKE_FIND_ROOT_PATH="$sdk" \
    -DQT_HOST_PATH=/usr -DQT_HOST_PATH_CMAKE_DIR=/usr/lib/x86_64-linux-gnu/cmake \
    -DCUDNN_SETUP_BUILD_TESTS=OFF "${launcher[@]}"
cmake --build "$build" --parallel "$(nproc)"
cmake --build "$build" --parallel "$(nproc)" --target render-wizard-pages elevation-wine-test
rm -rf "$build/dist"
cmake --install "$build" --prefix "$build/dist" --component application --strip
# Signed when a certificate is given (scripts/sign-windows.sh; else it says "unsigned"): the programs in dist/ (the
# MSI packs these), the NSIS installer's own copies as cpack stages them (installer/windows/SignStaged.cmake), then
# both installers.
bash scripts/sign-windows.sh "$build/dist/cudnn-setup.exe" "$build/dist/cudnn-probe.exe"
(cd "$build" && cpack -G NSIS >cpack-nsis.log)
grep '^sign-windows:' "$build/cpack-nsis.log" || true
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
msi=$build/cudnn-setup-$version-windows-x86_64.msi
bash installer/windows/make-msi.sh "$build/dist" "$version" "$msi"
bash scripts/sign-windows.sh "$build/cudnn-setup-$version-windows-x86_64.exe" "$msi"
echo "build-windows: $build/dist, $build/cudnn-setup-$version-windows-x86_64.exe and $msi in $((SECONDS - start)) s"
