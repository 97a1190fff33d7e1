#!/usr/bin/env bash
# Renders every wizard page in English and Simplified Chinese to docs/screenshots/*.png under Xvfb.
# Needs a build (cmake --build build) and the packages of scripts/install-deps.sh (xvfb, a CJK font).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
cmake --build "$build" --target render-wizard-pages cudnn-probe
out=docs/screenshots
mkdir -p "$out"
for lang in en zh_CN; do
    QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1280x900x24" "$build/tests/render-wizard-pages" --lang "$lang" "$out"
done
ls -1 "$out"
