#!/usr/bin/env bash
# Renders every wizard page in English and Simplified Chinese to docs/screenshots/*.png under Xvfb.
#   scripts/render-screenshots.sh [build]   the Linux build, over a made-up machine (fake driver and GPU)
#   scripts/render-screenshots.sh --windows the Windows build under wine, over the Windows test tier's machine (a
#                                           CUDA 11.3 toolkit in C:\Program Files, the fake driver, the seed's
#                                           cudnn-11.3-windows-x64-v8.2.0.53.zip): docs/screenshots/windows-*.png
# Needs the packages of scripts/install-deps.sh (xvfb, a CJK font; mingw-w64 and wine for --windows).
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/screenshots
mkdir -p "$out"

if [ "${1:-}" != "--windows" ]; then
    build="${1:-build}"
    cmake --build "$build" --target render-wizard-pages cudnn-probe
    for lang in en zh_CN; do
        QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1280x900x24" "$build/tests/render-wizard-pages" --lang "$lang" "$out"
    done
    ls -1 "$out"
    exit 0
fi

build=build-windows
bash scripts/build-windows.sh "$build" >/dev/null
cmake --build "$build" --target render-wizard-pages >/dev/null
bash tests/wine/product-tests.sh "$build/wine-tests" "$build/dist" build >/dev/null

sdk_qt=$(bash scripts/windows-sdk.sh --print | cut -d';' -f1) # before HOME changes: the cache is under it

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-screens.XXXXXX")
export WINEARCH=win64 WINEDEBUG=-all HOME=$tmp/home \
    WINEDLLOVERRIDES="mscoree,mshtml=;winemenubuilder.exe=d"
cleanup() {
    for prefix in "$tmp"/prefix-*; do WINEPREFIX=$prefix wineserver -k 2>/dev/null || true; done
    rm -rf "$tmp"
}
trap cleanup EXIT
[ -n "${KEEP_TMP:-}" ] && trap - EXIT
mkdir -p "$HOME" "$tmp/work" "$tmp/pages"
winpath() { printf 'Z:%s' "${1//\//\\}"; }

# The renderer runs beside the program's own DLLs, plus Qt Test's from the SDK.
cp -r "$build/dist" "$tmp/program"
cp "$build/bin/render-wizard-pages.exe" "$tmp/program/"
cp "$sdk_qt/bin/Qt6Test.dll" "$tmp/program/"

# One fresh machine per language: the first run's install would otherwise be the second one's "nothing to do".
for lang in en zh_CN; do
    export WINEPREFIX=$tmp/prefix-$lang
    wine "$build/wine-tests/product-wine-test.exe" machine "$(winpath "$PWD/$build/dist")" \
        "$(winpath "$PWD/$build/wine-tests/product")" "$(winpath "$tmp/work")" | tail -n 1
    wineserver -w # the next wine, with a display, must start its own desktop process
    xvfb-run -a -s "-screen 0 1280x900x24" wine "$tmp/program/render-wizard-pages.exe" --lang "$lang" \
        --this-machine "$(winpath "$PWD/$build/wine-tests/product/cudnn-11.3-windows-x64-v8.2.0.53.zip")" \
        "$(winpath "$tmp/pages")"
    wineserver -k || true
done
for page in "$tmp"/pages/*.png; do
    cp "$page" "$out/windows-$(basename "$page")"
done
ls -1 "$out"/windows-*
