#!/usr/bin/env bash
# Prints how long the whole `cudnn-setup --explain` process takes on a machine with 20 Python environments (10 venvs
# holding torch, 10 conda envs holding onnxruntime-gpu, about 3000 files each, bench/detect/make-python-envs.py)
# under a temporary HOME, for three texts: a message of cuDNN's loader (every framework environment is judged), a
# PyTorch message (the torch venvs are), and text it does not recognise (not a test: figures only; docs/explain.md
# quotes them). Usage: bench/explain/python-envs.sh [build-dir] [runs]
set -euo pipefail
build="${1:-build}"
runs="${2:-15}"
setup="$(cd "$build" && pwd)/bin/cudnn-setup"
[ -x "$setup" ] || { echo "build first: $setup is missing" >&2; exit 1; }
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
python3 "$(dirname "$0")/../detect/make-python-envs.py" "$home" --frameworks
echo "20 environments, $(find "$home" -type f | wc -l) files under a temporary HOME"

# measure NAME TEXT: the whole process's wall time over $runs runs, the text as one argument.
measure() {
    local times=() start end
    for _ in $(seq "$runs"); do
        start=$(date +%s%N)
        HOME="$home" "$setup" --explain "$2" >/dev/null || true
        end=$(date +%s%N)
        times+=($(( (end - start) / 1000000 )))
    done
    local sorted=($(printf '%s\n' "${times[@]}" | sort -n))
    echo "$1, $runs runs: min ${sorted[0]} ms, median ${sorted[$((runs / 2))]} ms, max ${sorted[$((runs - 1))]} ms"
}
measure "cuDNN's loader message (every framework environment judged)" \
    "Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot open shared object file: No such file or directory"
measure "a PyTorch message (the torch environments judged)" \
    "RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (9, 5, 1) but found runtime version (9, 1, 0)."
measure "text it does not recognise" "Segmentation fault (core dumped)"
echo "environments the loader message is judged for: $(HOME="$home" "$setup" --explain --json \
    "Could not load library libcudnn_cnn_infer.so.8. Error: libcudnn_cnn_infer.so.8: cannot open shared object file" \
    | python3 -c 'import json,sys; d=json.load(sys.stdin); print(len({e for c in d["causes"] for e in c["environments"]}))' || true)"
