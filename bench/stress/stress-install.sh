#!/usr/bin/env bash
# Installs a cuDNN archive again and again with a cudnn-setup built with a sanitizer, on a loaded machine, and counts
# sanitizer reports and crashes. The merge decompresses, hashes and writes on different threads, so a race shows up
# only now and then: this runs it many times with CPU hogs competing for the cores (docs/testing.md).
#
#   bench/stress/stress-install.sh [--runs N] [--hogs N] [--subset] [--keep] CUDNN_SETUP [ARCHIVE]
#
#   CUDNN_SETUP  a cudnn-setup binary (build-tsan/bin/cudnn-setup, build-asan/bin/cudnn-setup, or a plain one)
#   ARCHIVE      a cuDNN .tar.xz; default /tmp/pkgbench/cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz (from
#                `cudnn-setup-package-bench --make`)
#   --subset     instead, pack a smaller archive from the real cuDNN 9.19 files of $CUDA (default
#                /usr/local/cuda-13.0), for many sanitized runs: every header, the real libcudnn.so.9, libcudnn_cnn,
#                libcudnn_graph and libcudnn_engines_runtime_compiled, and the real libcudnn_cnn bytes standing in for
#                the four largest (ops, adv, heuristic, engines_precompiled); NVIDIA's layout and link chains, 55 MiB
#   --runs N     installs (default 50); --hogs N busy loops beside them (default 2)
#   --keep       keep each run's output folder even when it was clean
#
# Each run: a fresh empty CUDA 13.0 toolkit, `--silent --package ARCHIVE --cuda-root T --path-scope none
# --no-benchmark --no-verify`, its exit status and stderr kept under the work folder. Prints one line per run and the
# totals: clean, sanitizer reports (ThreadSanitizer / AddressSanitizer / UBSan "runtime error"), crashes (a signal),
# other failures. Exits 1 when anything but clean runs happened.
set -uo pipefail

runs=50 hogs=2 subset=0 keep=0
while [[ $# -gt 0 ]]; do
    case "$1" in
    --runs) runs=$2; shift 2 ;;
    --hogs) hogs=$2; shift 2 ;;
    --subset) subset=1; shift ;;
    --keep) keep=1; shift ;;
    -h | --help) sed -n '2,22p' "$0"; exit 0 ;;
    *) break ;;
    esac
done
[[ $# -ge 1 ]] || { sed -n '2,22p' "$0" >&2; exit 2; }
binary=$(readlink -f "$1")
archive=${2:-/tmp/pkgbench/cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz}
cuda=${CUDA:-/usr/local/cuda-13.0}
work=${STRESS_WORK:-$(mktemp -d /tmp/stress-install-XXXXXX)}
mkdir -p "$work"

if [[ $subset == 1 ]]; then
    name=cudnn-linux-x86_64-9.19.0.56_cuda13-archive
    archive=$work/$name.tar.xz
    if [[ ! -f $archive ]]; then
        pack=$work/pack/$name
        mkdir -p "$pack/include" "$pack/lib"
        cp "$cuda"/include/cudnn*.h "$pack/include/"
        for lib in libcudnn libcudnn_cnn libcudnn_graph libcudnn_engines_runtime_compiled libcudnn_ops libcudnn_adv \
            libcudnn_heuristic libcudnn_engines_precompiled; do
            case $lib in
            # The four largest (455 MiB together) are stood in for by the real 4 MiB libcudnn_cnn: every file an
            # install needs is there, and real library bytes still go through the pipeline.
            libcudnn_ops | libcudnn_adv | libcudnn_heuristic | libcudnn_engines_precompiled)
                cp "$cuda/lib64/libcudnn_cnn.so.9" "$pack/lib/$lib.so.9.19.0" ;;
            *) cp "$cuda/lib64/$lib.so.9" "$pack/lib/$lib.so.9.19.0" ;;
            esac
            ln -s "$lib.so.9.19.0" "$pack/lib/$lib.so.9"
            ln -s "$lib.so.9" "$pack/lib/$lib.so"
        done
        XZ_OPT=-3 tar -C "$work/pack" -cJf "$archive" "$name"
        rm -rf "$work/pack"
    fi
fi
[[ -f $archive ]] || { echo "no archive at $archive" >&2; exit 2; }
[[ -x $binary ]] || { echo "no program at $binary" >&2; exit 2; }

hog_pids=()
stop_hogs() { for pid in "${hog_pids[@]}"; do kill "$pid" 2>/dev/null; done; }
trap stop_hogs EXIT
for ((i = 0; i < hogs; i++)); do
    (while :; do :; done) &
    hog_pids+=($!)
done

# Sanitizers report and go on (TSan), or stop at the first error (ASan); either way the report lands in stderr.
# die_after_fork=0: detection runs programs (QProcess) after the first threads started.
export TSAN_OPTIONS=${TSAN_OPTIONS:-"halt_on_error=0 second_deadlock_stack=1 die_after_fork=0"}
export ASAN_OPTIONS=${ASAN_OPTIONS:-"detect_leaks=1 abort_on_error=0"}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-"print_stacktrace=1"}

echo "program  $binary"
echo "archive  $archive ($(du -h "$archive" | cut -f1))"
echo "runs     $runs, $hogs CPU hogs, work folder $work"
clean=0 reports=0 crashes=0 failures=0
start=$(date +%s)
for ((run = 1; run <= runs; run++)); do
    dir=$work/run-$run
    rm -rf "$dir"
    mkdir -p "$dir/home" "$dir/cuda-13.0/include" "$dir/cuda-13.0/lib"
    echo "#define CUDA_VERSION 13000" >"$dir/cuda-13.0/include/cuda.h"
    ln -s lib "$dir/cuda-13.0/lib64"
    t0=$(date +%s%N)
    HOME=$dir/home "$binary" --silent --package "$archive" --cuda-root "$dir/cuda-13.0" --path-scope none \
        --no-benchmark --no-verify >"$dir/stdout" 2>"$dir/stderr"
    rc=$?
    millis=$((($(date +%s%N) - t0) / 1000000))
    verdict=clean
    if grep -qE "WARNING: ThreadSanitizer|ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:" "$dir/stderr"; then
        verdict=report
        reports=$((reports + 1))
    elif [[ $rc -ge 128 ]]; then
        verdict="crash (signal $((rc - 128)))"
        crashes=$((crashes + 1))
    elif [[ $rc -ne 0 ]]; then
        verdict="failed (exit $rc)"
        failures=$((failures + 1))
    else
        clean=$((clean + 1))
    fi
    printf 'run %3d  exit %3d  %4d.%03d s  %s\n' "$run" "$rc" $((millis / 1000)) $((millis % 1000)) "$verdict"
    if [[ $verdict == clean && $keep == 0 ]]; then
        rm -rf "$dir"
    else
        rm -rf "$dir/cuda-13.0/lib" # the report and stderr stay, the installed copy goes
    fi
done
echo "totals   $clean clean, $reports with sanitizer reports, $crashes crashes, $failures other failures" \
    "in $(($(date +%s) - start)) s"
[[ $clean == "$runs" ]]
