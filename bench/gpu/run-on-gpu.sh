#!/usr/bin/env bash
# The benchmark on a real GPU machine, as one command: builds cudnn-probe alone (plain CMake and a compiler, no Qt),
# benchmarks the cuDNN of this Python environment (nvidia-cudnn-cu13) through it, times PyTorch on the same shapes
# and prints the comparison (ours vs PyTorch, % of the FP16 tensor-core peak, the cuDNN API each case ran through:
# graph or legacy, and why legacy) and the host cost of a pass (per-pass events vs the same pass replayed from a
# CUDA graph, host enqueue time). Needs no network.
#
#   bench/gpu/run-on-gpu.sh [OUTPUT_DIR]        default OUTPUT_DIR: <build>/bench
#   CUDNN_SETUP_GPU_BUILD=DIR                   build folder (default: <repo>/build-gpu)
#   CUDNN_SETUP_PROBE_TIMEOUT_MS=N              the probe's watchdog (default 420000)
#
# Leaves OUTPUT_DIR/probe.json (the probe's report) and OUTPUT_DIR/comparison.txt (the table).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
build=${CUDNN_SETUP_GPU_BUILD:-$repo/build-gpu}
out=${1:-$build/bench}
timeout_ms=${CUDNN_SETUP_PROBE_TIMEOUT_MS:-420000}
mkdir -p "$out"

echo "== build cudnn-probe ($build)"
generator=()
if command -v ninja >/dev/null 2>&1; then
    generator=(-G Ninja)
fi
cmake -S "$repo" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DCUDNN_SETUP_PROBE_ONLY=ON -DCUDNN_SETUP_BUILD_TESTS=OFF >"$out/configure.log"
cmake --build "$build" --target cudnn-probe --parallel "$(nproc)" >"$out/build.log"

echo "== libraries"
# Sets CUDNN_LIBRARY, CUDART_LIBRARY, NVRTC_LIBRARY and LIBRARY_DIRS (quoted by the script).
libraries=$(python3 "$here/find_libraries.py" --shell)
eval "$libraries"
echo "cuDNN:        $CUDNN_LIBRARY"
echo "CUDA runtime: $CUDART_LIBRARY"
echo "NVRTC:        ${NVRTC_LIBRARY:-not found: cuDNN runtime-compiled engines unavailable}"
if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,memory.used,memory.total --format=csv || true
fi

echo "== cudnn-probe benchmark"
probe_status=0
LD_LIBRARY_PATH="$LIBRARY_DIRS${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    "$build/bin/cudnn-probe" --timeout-ms "$timeout_ms" benchmark \
    --cudnn "$CUDNN_LIBRARY" --cudart "$CUDART_LIBRARY" >"$out/probe.json" 2>"$out/probe.stderr" || probe_status=$?
if [ "$probe_status" -ne 0 ]; then
    echo "cudnn-probe exited with $probe_status (124: its watchdog fired); stderr:" >&2
    cat "$out/probe.stderr" >&2
fi
if [ ! -s "$out/probe.json" ]; then
    echo "cudnn-probe printed no report" >&2
    exit 1
fi

echo "== comparison with PyTorch"
compare_status=0
python3 "$here/torch_conv.py" --probe-json "$out/probe.json" | tee "$out/comparison.txt" || compare_status=$?
echo "Report: $out/probe.json  Table: $out/comparison.txt"
if [ "$probe_status" -ne 0 ]; then
    exit "$probe_status"
fi
exit "$compare_status"
