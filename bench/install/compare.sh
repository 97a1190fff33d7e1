#!/bin/sh
# bench/install/compare.sh [ARCHIVE] [BUILD_DIR]
# hyperfine: the whole silent install (detect, check the package, merge) against the manual way (tar -xJf, then cp -P,
# as NVIDIA documents it) and `xz -dc > /dev/null`, each into a fresh toolkit; then each one's peak memory
# (/usr/bin/time -v). The merge alone, without detection and the checking pass, is cudnn-setup-install-bench.
set -eu
archive=${1:-/tmp/pkgbench/cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz}
build=${2:-build}
runs=${RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fresh="rm -rf $work/cuda $work/x && mkdir -p $work/cuda/include $work/cuda/lib $work/x && ln -s lib $work/cuda/lib64 \
&& echo '#define CUDA_VERSION 13000' > $work/cuda/include/cuda.h"
install="$build/bin/cudnn-setup --silent --no-benchmark --no-verify --path-scope none --package $archive --cuda-root $work/cuda"
manual="tar -xJf $archive -C $work/x && cp -P $work/x/*/include/cudnn*.h $work/cuda/include/ \
&& cp -P $work/x/*/lib/libcudnn* $work/cuda/lib64/ && chmod a+r $work/cuda/include/cudnn*.h $work/cuda/lib64/libcudnn* \
&& sync -f $work/cuda/lib64"
decompress="xz -dc $archive > /dev/null"

hyperfine --runs "$runs" --prepare "$fresh" \
    -n "cudnn-setup --silent (one pass: judge and stage, then place)" "$install" \
    -n "manual (tar -xJf; cp -P)" "$manual" \
    -n "xz -dc > /dev/null" "$decompress"

for name in install manual decompress; do
    sh -c "$fresh"
    eval "command=\$$name"
    /usr/bin/time -f "$name: peak RSS %M KiB, %e s wall" sh -c "$command" > /dev/null
done
