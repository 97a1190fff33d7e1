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
    # The same pages at 200 % (a high-DPI laptop): the window must still fit and the icons stay sharp.
    scaled=$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-2x.XXXXXX")
    trap 'rm -rf "$scaled"' EXIT
    for lang in en zh_CN; do
        QT_SCALE_FACTOR=2 QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 2560x1600x24" \
            "$build/tests/render-wizard-pages" --lang "$lang" "$scaled"
    done
    for page in "$scaled"/*.png; do
        name=$(basename "$page")
        cp "$page" "$out/${name%%-*}-200-${name#*-}"
    done
    ls -1 "$out"
    exit 0
fi

build=build-windows
bash scripts/build-windows.sh "$build" >/dev/null
bash tests/wine/product-tests.sh "$build/wine-tests" "$build/dist" build >/dev/null
# The Windows tier's wizard scenario draws the pages; this keeps them.
pages=$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-screens.XXXXXX")
trap 'rm -rf "$pages"' EXIT
WIZARD_LANGUAGES="en zh_CN" WIZARD_PAGES_DIR=$pages bash tests/wine/product-tests.sh "$build/wine-tests" "$build/dist" wizard
for page in "$pages"/*.png; do
    cp "$page" "$out/windows-$(basename "$page")"
done
ls -1 "$out"/windows-*
