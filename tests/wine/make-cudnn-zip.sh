#!/usr/bin/env bash
# Makes a fake cuDNN 8 zip for Windows laid out as NVIDIA's (test double; tests/wine/CMakeLists.txt runs it):
#   make-cudnn-zip.sh <out.zip> <top folder> <lib folder> <M.m.p> <set folder>
# <set folder> holds bin/*.dll and lib/<name>64_8.lib from the fake build. The zip gets <top>/bin (the 7 DLLs),
# <top>/include (the 9 headers of cuDNN 8, cudnn_version.h with the real macros), <top>/<lib folder> (14 import
# libraries: cudnn.lib + cudnn64_8.lib and both names of each sub-library) and the licence text:
#   cuda/ lib/x64 NVIDIA_SLA_cuDNN_Support.txt     cuDNN 7.x-8.2 (cudnn-11.3-windows-x64-v8.2.0.53.zip)
#   <archive name>/ lib LICENSE                    cuDNN 8.3-8.4 (cudnn-windows-x86_64-8.3.2.44_cuda11.5-archive.zip)
set -euo pipefail
out=$1 top=$2 libdir=$3 version=$4 set_dir=$5
IFS=. read -r major minor patch <<<"$version"
stage=$(mktemp -d "${TMPDIR:-/tmp}/cudnn-zip.XXXXXX")
trap 'rm -rf "$stage"' EXIT
root=$stage/$top
mkdir -p "$root/bin" "$root/include" "$root/$libdir"

stems=(ops_infer ops_train cnn_infer cnn_train adv_infer adv_train)
cp "$set_dir/bin/cudnn64_8.dll" "$root/bin/"
cp "$set_dir/lib/cudnn64_8.lib" "$root/$libdir/cudnn.lib"
cp "$set_dir/lib/cudnn64_8.lib" "$root/$libdir/cudnn64_8.lib"
for stem in "${stems[@]}"; do
    cp "$set_dir/bin/cudnn_${stem}64_8.dll" "$root/bin/"
    cp "$set_dir/lib/cudnn_${stem}64_8.lib" "$root/$libdir/cudnn_${stem}.lib"
    cp "$set_dir/lib/cudnn_${stem}64_8.lib" "$root/$libdir/cudnn_${stem}64_8.lib"
done

header() { # header <file> <guard> <body>
    printf '/* Test double of cuDNN %s'"'"'s %s (cudnn-setup tests/wine): only what tools read. */\n\n' \
        "$version" "$1" >"$root/include/$1"
    printf '#if !defined(%s)\n#define %s\n\n%s\n\n#endif /* %s */\n' "$2" "$2" "$3" "$2" >>"$root/include/$1"
}
header cudnn_version.h CUDNN_VERSION_H_ "#define CUDNN_MAJOR $major
#define CUDNN_MINOR $minor
#define CUDNN_PATCHLEVEL $patch

#define CUDNN_VERSION (CUDNN_MAJOR * 1000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)"
header cudnn_ops_infer.h CUDNN_OPS_INFER_H_ '#include "cudnn_version.h"

#define CUDNN_OPS_INFER_MAJOR 8
#define CUDNN_OPS_INFER_MINOR '"$minor"'
#define CUDNN_OPS_INFER_PATCH '"$patch"'

size_t cudnnGetVersion(void);
size_t cudnnGetCudartVersion(void);'
for stem in ops_train cnn_infer cnn_train adv_infer adv_train; do
    guard=CUDNN_$(tr a-z A-Z <<<"$stem")_H_
    header "cudnn_$stem.h" "$guard" '#include "cudnn_version.h"
#include "cudnn_ops_infer.h"'
done
header cudnn_backend.h CUDNN_BACKEND_H_ '#include "cudnn_ops_infer.h"
#include "cudnn_cnn_infer.h"'
header cudnn.h CUDNN_H_ '#include "cudnn_version.h"
#include "cudnn_ops_infer.h"
#include "cudnn_ops_train.h"
#include "cudnn_adv_infer.h"
#include "cudnn_adv_train.h"
#include "cudnn_cnn_infer.h"
#include "cudnn_cnn_train.h"
#include "cudnn_backend.h"'

if [ "$top" = cuda ]; then licence=NVIDIA_SLA_cuDNN_Support.txt; else licence=LICENSE; fi
printf 'Test double of NVIDIA cuDNN %s for the cudnn-setup test suite; not NVIDIA software.\r\n' "$version" \
    >"$root/$licence"

# Stored with python3's zipfile (ansible-core in scripts/install-deps.sh brings python3): forward slashes, a
# directory entry per folder, sorted, deflated, one fixed time stamp (the day 8.2.0 came out), so the zip is the
# same bytes on every build.
rm -f "$out"
python3 - "$stage" "$top" "$out.tmp" <<'PY'
import os, sys, zipfile
stage, top, out = sys.argv[1:]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
    paths = []
    for folder, dirs, files in os.walk(os.path.join(stage, top)):
        rel = os.path.relpath(folder, stage).replace(os.sep, "/")
        paths.append(rel + "/")
        paths += [rel + "/" + name for name in files]
    for path in sorted(paths):
        info = zipfile.ZipInfo(path, date_time=(2021, 4, 22, 12, 0, 0))
        info.create_system = 0  # MS-DOS, as zips made on Windows say
        if path.endswith("/"):
            info.external_attr = 0x10  # FILE_ATTRIBUTE_DIRECTORY
            archive.writestr(info, b"")
        else:
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0x20  # FILE_ATTRIBUTE_ARCHIVE
            with open(os.path.join(stage, path), "rb") as source:
                archive.writestr(info, source.read())
PY
mv "$out.tmp" "$out"
