#!/usr/bin/env bash
# Prints how long the whole `cudnn-setup --detect --json` process takes with 20 Python environments (10 venvs, 10
# conda envs) of about 3000 files each under a temporary HOME, every one holding a cuDNN wheel or conda package
# whose records detection reads (not a test: figures only; docs/detect-json.md quotes them).
# Usage: bench/detect/python-envs.sh [build-dir] [runs]
set -euo pipefail
build="${1:-build}"
runs="${2:-15}"
setup="$(cd "$build" && pwd)/bin/cudnn-setup"
[ -x "$setup" ] || { echo "build first: $setup is missing" >&2; exit 1; }
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT

python3 - "$home" <<'PY'
import json, os, sys
home = sys.argv[1]
bases = ["libcudnn", "libcudnn_adv", "libcudnn_cnn", "libcudnn_engines_precompiled",
         "libcudnn_engines_runtime_compiled", "libcudnn_graph", "libcudnn_heuristic", "libcudnn_ops"]
def write(path, data=b""):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
def venv(root):
    write(f"{root}/pyvenv.cfg", b"version = 3.11.9\n")
    site = f"{root}/lib/python3.11/site-packages"
    for i in range(150):  # 150 distributions of 18 files each
        name = f"pkg{i:03d}"
        record = []
        for j in range(16):
            rel = f"{name}/mod{j:02d}.py"
            write(f"{site}/{rel}", b"x = 1\n")
            record.append(f"{rel},sha256=AAAA,6")
        write(f"{site}/{name}-1.0.dist-info/METADATA", b"Metadata-Version: 2.1\nName: " + name.encode() + b"\n")
        write(f"{site}/{name}-1.0.dist-info/RECORD", "\n".join(record).encode() + b"\n")
    record = []
    for b in bases:
        rel = f"nvidia/cudnn/lib/{b}.so.9"
        write(f"{site}/{rel}", b"\x7fELF" + b"\0" * 252)
        record.append(f"{rel},sha256=AAAA,256")
    write(f"{site}/nvidia/cudnn/include/cudnn_version.h",
          b"#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 1\n#define CUDNN_PATCHLEVEL 0\n")
    write(f"{site}/nvidia_cudnn_cu12-9.1.0.70.dist-info/RECORD", "\n".join(record).encode() + b"\n")
def conda(root):
    for i in range(150):  # 150 packages of 18 files each
        name = f"pkg{i:03d}"
        files = [f"lib/{name}/f{j:02d}.txt" for j in range(18)]
        for rel in files:
            write(f"{root}/{rel}", b"x\n")
        write(f"{root}/conda-meta/{name}-1.0-h0_0.json", json.dumps({"name": name, "version": "1.0", "files": files}).encode())
    files = [f"lib/{b}.so.9" for b in bases]
    for rel in files:
        write(f"{root}/{rel}", b"\x7fELF" + b"\0" * 252)
    write(f"{root}/conda-meta/python-3.11.9-h0_0.json", b"{}")
    write(f"{root}/conda-meta/cudnn-9.3.0.75-h0_0.json",
          json.dumps({"name": "cudnn", "version": "9.3.0.75", "files": files,
                      "depends": ["cuda-version >=12.0,<13"]}).encode())
for n in range(10):
    venv(f"{home}/.venvs/env{n:02d}")
    conda(f"{home}/miniconda3/envs/env{n:02d}")
PY
files=$(find "$home" -type f | wc -l)
echo "20 environments, $files files under a temporary HOME"

times=()
for _ in $(seq "$runs"); do
    start=$(date +%s%N)
    HOME="$home" "$setup" --detect --json >/dev/null
    end=$(date +%s%N)
    times+=($(( (end - start) / 1000000 )))
done
sorted=($(printf '%s\n' "${times[@]}" | sort -n))
echo "whole --detect --json process, $runs runs: min ${sorted[0]} ms, median ${sorted[$((runs / 2))]} ms, max ${sorted[$((runs - 1))]} ms"
echo "copies found: $(HOME="$home" "$setup" --detect --json | grep -c '"origin"')"
