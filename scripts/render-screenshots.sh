#!/usr/bin/env bash
# Renders every wizard page in English and Simplified Chinese to docs/screenshots/*.png under Xvfb.
#   scripts/render-screenshots.sh [build]   the Linux build: installs the real cuDNN 9.19 of /usr/local/cuda-13.0
#                                           (or $CUDNN_SETUP_REAL_TOOLKIT; only read) into a temporary toolkit on
#                                           this machine as it is; over a made-up machine (fake driver and GPU)
#                                           where there is no such toolkit
#   scripts/render-screenshots.sh --windows the Windows build under wine, over the Windows test tier's machine (a
#                                           CUDA 11.3 toolkit in C:\Program Files, the fake driver, the seed's
#                                           cudnn-11.3-windows-x64-v8.2.0.53.zip): docs/screenshots/windows-*.png
# Needs the packages of scripts/install-deps.sh (xvfb, a CJK font; mingw-w64 and wine for --windows).
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/screenshots
mkdir -p "$out"

# A cuDNN archive in NVIDIA's layout (include/, lib/ with its link chains) made from the cuDNN files of a real toolkit,
# which is only read: what the pictures install, so Verify shows the real libraries loading.
real_cudnn_archive() { # real_cudnn_archive TOOLKIT FOLDER -> prints the archive's path
    local toolkit="$1" folder="$2" name=cudnn-linux-x86_64-9.19.0.56_cuda13-archive
    local archive="$folder/$name.tar.xz"
    if [ ! -s "$archive" ]; then
        rm -rf "${folder:?}/$name" && mkdir -p "$folder/$name/include" "$folder/$name/lib"
        cp "$toolkit"/include/cudnn*.h "$folder/$name/include/"
        for library in "$toolkit"/lib/libcudnn*.so.9; do
            base=$(basename "$library" .9)
            cp "$library" "$folder/$name/lib/$base.9.19.0"
            ln -s "$base.9.19.0" "$folder/$name/lib/$base.9"
            ln -s "$base.9" "$folder/$name/lib/$base"
        done
        tar -C "$folder" -cf - "$name" | xz -T2 -1 >"$archive.part" && mv "$archive.part" "$archive"
        rm -rf "${folder:?}/$name"
    fi
    echo "$archive"
}

if [ "${1:-}" != "--windows" ]; then
    build="${1:-build}"
    cmake --build "$build" --target render-wizard-pages cudnn-probe
    # The real cuDNN 9.19 of a CUDA 13.0 toolkit where there is one (CI has it); the made-up machine otherwise.
    real_toolkit=${CUDNN_SETUP_REAL_TOOLKIT:-/usr/local/cuda-13.0}
    machine=()
    if compgen -G "$real_toolkit/lib/libcudnn_ops.so.9" >/dev/null; then
        machine=(--cudnn-archive "$(real_cudnn_archive "$real_toolkit" "$build/screenshot-cudnn")"
                 --cuda-runtime "$real_toolkit")
    fi
    for lang in en zh_CN; do
        QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 1280x900x24" "$build/tests/render-wizard-pages" --lang "$lang" \
            "${machine[@]}" "$out"
    done
    # The same pages at 200 % (a high-DPI laptop): the window must still fit and the icons stay sharp.
    scaled=$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-2x.XXXXXX")
    trap 'rm -rf "$scaled"' EXIT
    for lang in en zh_CN; do
        QT_SCALE_FACTOR=2 QT_QPA_PLATFORM=xcb xvfb-run -a -s "-screen 0 2560x1600x24" \
            "$build/tests/render-wizard-pages" --lang "$lang" "${machine[@]}" "$scaled"
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
